import { adminUserActionSchema } from '@magiim/shared';

/** The reason every admin decision carries (3–500 characters, no control or bidi characters), from the shared contract. */
export const adminReasonSchema = adminUserActionSchema.shape.reason;

/** The encoded validation message for a typed reason (`validation.minChars?num=3`), or undefined when it may be sent. */
export const checkReason = (text: string): string | undefined => {
  const result = adminReasonSchema.safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
};
