import type { LANGUAGES, Lang } from './enums.js';

/** Every SMS ends with this line in the guest's language (spam law §30A); each names a word of OPT_OUT_WORDS. */
export const OPT_OUT_LINES: Record<(typeof LANGUAGES)[number], string> = {
  he: 'להסרה השב הסר',
  en: 'Reply STOP to opt out',
  ru: 'Отписка: СТОП',
  ar: 'للإلغاء: توقف',
};

/**
 * With a numeric SMS sender (SMS_SENDER a registered number, so guests can reply) the invitation SMS asks for an
 * answer by digit; a reply of 1 / 2 / 3 then answers coming / not coming / not sure.
 */
export const SMS_REPLY_LINES: Record<(typeof LANGUAGES)[number], string> = {
  he: 'השיבו 1 מגיע/ה, 2 לא מגיע/ה, 3 עוד לא יודע/ת',
  en: 'Reply 1 coming, 2 not coming, 3 not sure yet',
  ru: 'Ответьте 1 приду, 2 не приду, 3 пока не знаю',
  ar: 'أرسلوا 1 سأحضر، 2 لن أحضر، 3 لست متأكدًا بعد',
};

/**
 * SMS parts, counted once for the template editor, the start dialog's estimate and the sender (issue 27 §4).
 * GSM 03.38: the basic table costs one septet a character, the extension table two (escape + character);
 * a text with any other character goes as UCS-2, counted in UTF-16 code units (an emoji takes two).
 * One part holds 160 septets / 70 units; a longer text is split into parts of 153 / 67 (the rest is the
 * concatenation header).
 */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsPartsCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  parts: number;
}

export const SMS_PART_SIZES: Record<SmsEncoding, { single: number; multi: number }> = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
};

export const smsPartsOf = (text: string): SmsPartsCount => {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) septets += 1;
    else if (GSM7_EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const units = gsm ? septets : text.length;
  const { single, multi } = SMS_PART_SIZES[encoding];
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding, units, parts };
};

/** The whole SMS as the guest gets it: the filled text, the reply line (numeric senders, invitations) and the opt-out line. */
export const composeSmsText = (filled: string, lang: Lang, options: { replyLine?: boolean } = {}): string =>
  `${filled}${options.replyLine ? `\n${SMS_REPLY_LINES[lang]}` : ''}\n${OPT_OUT_LINES[lang]}`;

/** Parts of a filled text once sent by SMS (with the lines the sender adds). */
export const smsPartsOfMessage = (filled: string, lang: Lang, options: { replyLine?: boolean } = {}): number =>
  smsPartsOf(composeSmsText(filled, lang, options)).parts;

/**
 * Short guest links in messages: `APP_URL/i/<code>` opens the guest's page, `APP_URL/n/<code>` the way there.
 * The code is 10 characters of the base64url alphabet (60 bits), derived from the guest's link salt.
 */
export const SHORT_CODE_LENGTH = 10;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{10}$/;
export const shortInviteUrlOf = (appUrl: string, code: string): string => `${appUrl}/i/${code}`;
export const shortNavigationUrlOf = (appUrl: string, code: string): string => `${appUrl}/n/${code}`;
/** A stand-in code of the real length, for previews and estimates. */
export const SAMPLE_SHORT_CODE = 'Ab3dE6gH9k';
