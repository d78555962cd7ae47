import {
  GIFT_THANKS_LINES,
  LANGUAGES,
  SAMPLE_SHORT_CODE,
  shortInviteUrlOf,
  shortNavigationUrlOf,
  smsPartsOf,
  composeSmsText,
  TEMPLATE_PURPOSES,
  type Lang,
  type TemplatePlaceholder,
  type TemplatePurpose,
} from '@magiim/shared';
import { DEFAULT_SMS_TEXTS } from './default-texts.js';
import { messageDateOf } from './render.js';

/**
 * A real event's values for measuring the default texts as SMS (issue 27 §4): a 20-character guest name, a
 * 40-character venue, `APP_URL` = https://magiim.co.il, a 20-character event name and the longest weekday and
 * month names of the year (Wednesday 30 September).
 */
export const SMS_SAMPLE_APP_URL = 'https://magiim.co.il';
const SAMPLE: Record<Lang, { guestName: string; eventName: string; place: string }> = {
  he: { guestName: 'שושנה בן דוד כהנוביץ', eventName: 'החתונה של נועה ואיתי', place: 'אולמי הגן הקסום, ראשון לציון - מערב 12-א' },
  en: { guestName: 'Alexandra Montgomery', eventName: "Noa & Itai's Wedding", place: 'The Magic Garden Hall, Rishon LeZion 120' },
  ru: { guestName: 'Александра Воронцова', eventName: 'Свадьба Ноа и Итая!!', place: 'Зал «Волшебный сад», Ришон-ле-Цион, 12-А' },
  ar: { guestName: 'عبد الرحمن أبو زيدان', eventName: 'حفل زفاف نوعا وإيتاي', place: 'قاعة الحديقة السحرية، ريشون لتسيون - غرب' },
};
const SAMPLE_DATE = '2026-09-30';
const SAMPLE_TIME = '19:30';

export const sampleValuesOf = (lang: Lang): Record<TemplatePlaceholder, string> => ({
  ...SAMPLE[lang],
  date: messageDateOf(lang, SAMPLE_DATE),
  time: SAMPLE_TIME,
  link: shortInviteUrlOf(SMS_SAMPLE_APP_URL, SAMPLE_SHORT_CODE),
  navigationLink: shortNavigationUrlOf(SMS_SAMPLE_APP_URL, SAMPLE_SHORT_CODE),
  giftThanks: GIFT_THANKS_LINES[lang],
});

const fill = (text: string, values: Record<TemplatePlaceholder, string>): string =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (name in values ? values[name as TemplatePlaceholder] : whole));

export interface DefaultTextParts {
  purpose: TemplatePurpose;
  lang: Lang;
  units: number;
  parts: number;
  /** With the 1 / 2 / 3 reply line a numeric sender adds to invitations. */
  partsWithReplyLine: number;
  text: string;
}

/** The SMS parts of every default text per language, as the sender would send it with the sample values. */
export const defaultTextParts = (): DefaultTextParts[] =>
  TEMPLATE_PURPOSES.flatMap((purpose) =>
    LANGUAGES.map((lang) => {
      const filled = fill(DEFAULT_SMS_TEXTS[purpose][lang], sampleValuesOf(lang));
      const text = composeSmsText(filled, lang);
      const counted = smsPartsOf(text);
      const withReply = purpose === 'invitation' ? smsPartsOf(composeSmsText(filled, lang, { replyLine: true })).parts : counted.parts;
      return { purpose, lang, units: counted.units, parts: counted.parts, partsWithReplyLine: withReply, text };
    }),
  );
