import { decodeMessage } from '@magiim/shared';
import type { TFunction } from 'i18next';

/**
 * Turns an encoded message from a zod schema or the API (`validation.minChars?num=4`) into text.
 * Returns undefined for no message, so it can feed `helperText` directly.
 */
export const translateMessage = (t: TFunction, message: string | undefined): string | undefined => {
  if (!message) return undefined;
  const { key, values } = decodeMessage(message);
  return t(key, { ...values, defaultValue: t('validation.invalidValue') });
};
