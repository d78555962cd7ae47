import type { TFunction } from 'i18next';
import { isApiError } from '../app/api-error';

/** The translated `errors.<code>` for anything a call may throw. */
export const translateError = (t: TFunction, error: unknown): string => {
  const code = isApiError(error) ? error.code : 'INTERNAL';
  return t(`errors.${code}`, { defaultValue: t('errors.INTERNAL') });
};
