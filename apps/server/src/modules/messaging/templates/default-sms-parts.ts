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
import { messageDateOf, withTableLine } from './render.js';

/**
 * A real event's values for measuring the default texts as SMS (issue 27 §4): a 20-character guest name, a
 * 40-character venue, `APP_URL` = https://magiim.co.il, a 20-character event name and the longest weekday and
 * month names of the year (Wednesday 30 September).
 */
export const SMS_SAMPLE_APP_URL = 'https://magiim.co.il';
const SAMPLE: Record<Lang, { guestName: string; eventName: string; place: string; table: string }> = {
  // The table (issue 31): a 3-digit number and a name, about 20 characters as `{table}` writes it ("112 (name)").
  he: { guestName: 'שושנה בן דוד כהנוביץ', eventName: 'החתונה של נועה ואיתי', place: 'אולמי הגן הקסום, ראשון לציון - מערב 12-א', table: '112 (משפחת כהן-לוי)' },
  en: { guestName: 'Alexandra Montgomery', eventName: "Noa & Itai's Wedding", place: 'The Magic Garden Hall, Rishon LeZion 120', table: '112 (Family Cohen-L)' },
  ru: { guestName: 'Александра Воронцова', eventName: 'Свадьба Ноа и Итая!!', place: 'Зал «Волшебный сад», Ришон-ле-Цион, 12-А', table: '112 (Семья Коэн-Леви)' },
  ar: { guestName: 'عبد الرحمن أبو زيدان', eventName: 'حفل زفاف نوعا وإيتاي', place: 'قاعة الحديقة السحرية، ريشون لتسيون - غرب', table: '112 (عائلة كوهين ليفي)' },
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
  /** Issue 31: the direction message to a seated guest, with the table line (`withTable`). */
  withTable?: boolean;
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

/** Issue 31: the default direction SMS to a seated guest (its table line filled with the sample table), per language. */
export const defaultDirectionWithTableParts = (): DefaultTextParts[] =>
  LANGUAGES.map((lang) => {
    const template = withTableLine(DEFAULT_SMS_TEXTS.direction[lang], { isDefault: true, purpose: 'direction', lang, table: sampleValuesOf(lang).table });
    const text = composeSmsText(fill(template, sampleValuesOf(lang)), lang);
    const counted = smsPartsOf(text);
    return { purpose: 'direction', lang, units: counted.units, parts: counted.parts, partsWithReplyLine: counted.parts, text, withTable: true };
  });
