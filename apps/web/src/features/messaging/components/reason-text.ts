import type { TFunction } from 'i18next';

/** 019's own codes (`sms019:<n>`, `sms019:http503`) share one sentence naming the code (a ':' in a key would read as a namespace). */
const SMS019_PREFIX = 'sms019:';

/** A message's reason in the host's words; a code we have no words for reads "not delivered", never the code itself. */
export const reasonText = (t: TFunction, reason: string): string =>
  reason.startsWith(SMS019_PREFIX)
    ? t('messaging.reasons.sms019', { code: reason.slice(SMS019_PREFIX.length) })
    : t(`messaging.reasons.${reason}`, { defaultValue: t('messaging.reasons.other') });
