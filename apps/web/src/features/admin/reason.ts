import { adminGiftDecisionSchema, adminUserActionSchema, singleLineText } from '@magiim/shared';

/** The reason every admin decision carries (3–500 characters, lines allowed, no control or bidi characters), from the shared contract. */
export const adminReasonSchema = adminUserActionSchema.shape.reason;
/** A gift request's rejection reason is also the host's explanation: one line, up to 300 characters. */
export const GIFT_REJECT_REASON_MAX = 300;
const giftRejectReasonSchema = singleLineText({ min: 3, max: GIFT_REJECT_REASON_MAX });

export type ReasonKind = 'audit' | 'hostExplanation';

/** The encoded validation message for a typed reason (`validation.minChars?num=3`), or undefined when it may be sent. */
export const checkReason = (text: string, kind: ReasonKind = 'audit'): string | undefined => {
  const result = (kind === 'hostExplanation' ? giftRejectReasonSchema : adminReasonSchema).safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** The gift link an approval needs (http or https, up to 500 characters), checked by the shared contract. */
export const checkGiftLink = (link: string): string | undefined => {
  const result = adminGiftDecisionSchema.safeParse({ action: 'approve', reason: 'approved', link: link.trim() || undefined });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'link')?.message;
};
