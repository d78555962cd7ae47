import {
  MSG,
  PURPOSE_PLACEHOLDERS,
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

/**
 * The rules for a host's text: only the purpose's placeholders (`{table}` in the direction message only, `{giftThanks}` in the thank-you only), the
 * purpose's required one, and WhatsApp's static rules.
 */
export const templateTextIssues = (purpose: TemplatePurpose, text: string): ApiErrorIssue[] => {
  const names = placeholdersIn(text);
  const allowed: readonly string[] = PURPOSE_PLACEHOLDERS[purpose];
  const unknown = names.find((name) => !allowed.includes(name));
  if (unknown !== undefined) return [{ path: 'text', message: MSG.templateUnknownPlaceholder(unknown) }];
  const required = REQUIRED_PLACEHOLDER[purpose];
  if (required && !names.includes(required)) return [{ path: 'text', message: MSG.templateNeedsPlaceholder(required) }];
  // WhatsApp's static rules at the save, before payment: its review would refuse the text later anyway.
  const whatsapp = whatsappTemplateIssue(text);
  if (whatsapp) return [{ path: 'text', message: whatsapp.message }];
  return [];
};
