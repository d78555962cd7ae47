import {
  MSG,
  PURPOSE_ONLY_PLACEHOLDERS,
  REQUIRED_PLACEHOLDER,
  TEMPLATE_PLACEHOLDERS,
  type ApiErrorIssue,
  type TemplatePlaceholder,
  type TemplatePurpose,
  whatsappTemplateIssue,
} from '@magiim/shared';

const PLACEHOLDER = /\{([^{}]*)\}/g;
const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

export const isTemplatePlaceholder = (name: string): name is TemplatePlaceholder => KNOWN.has(name);

/** Every `{name}` in a text, in order, known or not. */
export const placeholdersIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');

/** The rules for a host's text: only the seven placeholders, the purpose's required one, and WhatsApp's static rules. */
export const templateTextIssues = (purpose: TemplatePurpose, text: string): ApiErrorIssue[] => {
  const names = placeholdersIn(text);
  const unknown = names.find((name) => !isTemplatePlaceholder(name));
  if (unknown !== undefined) return [{ path: 'text', message: MSG.templateUnknownPlaceholder(unknown) }];
  // Issue 32: `{giftThanks}` belongs to the thank-you message alone.
  const misplaced = names.find((name) => {
    const only = PURPOSE_ONLY_PLACEHOLDERS[name as TemplatePlaceholder];
    return only !== undefined && only !== purpose;
  });
  if (misplaced !== undefined) return [{ path: 'text', message: MSG.templateUnknownPlaceholder(misplaced) }];
  const required = REQUIRED_PLACEHOLDER[purpose];
  if (required && !names.includes(required)) return [{ path: 'text', message: MSG.templateNeedsPlaceholder(required) }];
  // WhatsApp's static rules at the save, before payment: its review would refuse the text later anyway.
  const whatsapp = whatsappTemplateIssue(text);
  if (whatsapp) return [{ path: 'text', message: whatsapp.message }];
  return [];
};
