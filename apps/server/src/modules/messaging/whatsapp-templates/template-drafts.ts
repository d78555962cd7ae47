import { randomBytes } from 'node:crypto';
import { GIFT_THANKS_LINES, OPT_OUT_LINES, WHATSAPP_QUICK_REPLY_TITLES, type Lang, type TemplatePlaceholder, type TemplatePurpose } from '@magiim/shared';
import type { WhatsAppCategory, WhatsAppTemplateDraft } from '../../../providers/messaging/index.js';
import { isTemplatePlaceholder, placeholdersIn } from '../templates/template-rules.js';

/** Meta's category we ask for; Meta may assign another (kept from its answer). The directions follow the guest's own RSVP. */
export const CATEGORY_OF: Record<TemplatePurpose, WhatsAppCategory> = {
  invitation: 'MARKETING',
  direction: 'UTILITY',
  thanks: 'MARKETING',
  saveTheDate: 'MARKETING',
};


/** The invitation's URL button to the guest's page (≤ 25 characters). */
export const PAGE_BUTTON_TITLES: Record<Lang, string> = {
  he: 'לדף האישור',
  en: 'Open my invitation',
  ru: 'Открыть приглашение',
  ar: 'فتح الدعوة',
};

const SAMPLE_TOKEN = 'Xy7Qp2Lm9Rt4Vb';

/** Meta reviews a template with a sample of each variable. */
const samplesIn = (lang: Lang, appUrl: string): Record<TemplatePlaceholder, string> => {
  const byLang: Record<Lang, Pick<Record<TemplatePlaceholder, string>, 'guestName' | 'eventName' | 'date' | 'place'>> = {
    he: { guestName: 'דנה לוי', eventName: 'החתונה של נועה ודני', date: 'יום ה׳, 10 ביוני', place: 'גן אורנים, תל אביב' },
    en: { guestName: 'Dana Levi', eventName: "Noa and Dani's wedding", date: 'Thursday, 10 June', place: 'Gan Oranim, Tel Aviv' },
    ru: { guestName: 'Ольга Иванова', eventName: 'Свадьба Ноа и Дани', date: 'четверг, 10 июня', place: 'Ган Ораним, Тель-Авив' },
    ar: { guestName: 'سلمى خوري', eventName: 'زفاف نوعا وداني', date: 'الخميس، 10 يونيو', place: 'جان أورانيم، تل أبيب' },
  };
  return {
    ...byLang[lang],
    time: '19:30',
    link: `${appUrl}/invite/${SAMPLE_TOKEN}`,
    navigationLink: `${appUrl}/navigate/${SAMPLE_TOKEN}`,
    table: '12',
    giftThanks: GIFT_THANKS_LINES[lang],
  };
};

/** The placeholders a body uses, each once, in order. */
export const bodyPlaceholders = (text: string): TemplatePlaceholder[] => [...new Set(placeholdersIn(text))].filter(isTemplatePlaceholder);

/**
 * A new, account-unique Meta name: `m_<12 hex of the event>_<purpose><round>_<lang>_<4 random hex>`, lower case
 * (Meta takes lower-case letters, digits and underscores only: `savethedate1`).
 */
export const newTemplateName = (eventId: string, purpose: TemplatePurpose, round: number, lang: Lang): string =>
  `m_${eventId.replace(/-/g, '').slice(0, 12).toLowerCase()}_${purpose.toLowerCase()}${round}_${lang}_${randomBytes(2).toString('hex')}`;

/** What Meta gets for one of our rows: the body, the opt-out footer, the image header, and the invitation's buttons. */
export const draftOf = (
  row: { name: string; lang: Lang; purpose: TemplatePurpose; text: string; withImage: boolean },
  options: { appUrl: string; imageUrl: string | null },
): WhatsAppTemplateDraft => {
  const samples = samplesIn(row.lang, options.appUrl);
  const invitation = row.purpose === 'invitation';
  return {
    name: row.name,
    lang: row.lang,
    category: CATEGORY_OF[row.purpose],
    body: row.text,
    examples: Object.fromEntries(bodyPlaceholders(row.text).map((name) => [name, samples[name]])),
    footer: OPT_OUT_LINES[row.lang],
    headerImage: row.withImage && options.imageUrl ? { url: options.imageUrl } : null,
    quickReplies: invitation ? WHATSAPP_QUICK_REPLY_TITLES[row.lang] : null,
    urlButton: invitation ? { title: PAGE_BUTTON_TITLES[row.lang], baseUrl: `${options.appUrl}/invite/`, exampleSuffix: SAMPLE_TOKEN } : null,
  };
};
