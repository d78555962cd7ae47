import type { TFunction } from 'i18next';
import { templateRuleOf } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

/** Meta's rejection (and pause) reason codes we translate; any other reason is shown as Meta wrote it. */
export const META_TEMPLATE_REASONS = [
  'ABUSIVE_CONTENT',
  'INVALID_FORMAT',
  'INCORRECT_CATEGORY',
  'SCAM',
  'TAG_CONTENT_MISMATCH',
  'PROMOTIONAL',
  'NONE',
] as const;
const KNOWN = new Set<string>(META_TEMPLATE_REASONS);

/**
 * The host's words for a review reason: a static rule (the sandbox's English sentence) or a Meta code, translated;
 * null for a reason we do not know (shown as written, isolated).
 */
export const templateReasonText = (t: TFunction, reason: string): string | null => {
  const rule = templateRuleOf(reason);
  if (rule) return t(`messaging.templates.rejections.${rule}`);
  const code = reason.trim().toUpperCase();
  return KNOWN.has(code) ? t(`messaging.templateReason.${code}`) : null;
};

const MARK = '\u0000';

/** "Reason: …" with the reason translated, or Meta's own words inside <bdi> (another direction cannot reorder the line). */
export function TemplateReason({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const known = templateReasonText(t, reason);
  const [before = '', after = ''] = t('messaging.templates.rejectedReason', { reason: MARK, interpolation: { escapeValue: false } }).split(MARK);
  return (
    <span data-testid="template-reason">
      {before}
      {known ?? <bdi>{reason}</bdi>}
      {after}
    </span>
  );
}
