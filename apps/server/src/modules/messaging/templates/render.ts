import {
  GIFT_THANKS_LINES,
  LANGUAGES,
  locationTextsIn,
  normalizeEventLocation,
  composeSmsText,
  shortInviteUrlOf,
  shortNavigationUrlOf,
  smsPartsOf,
  type EventNames,
  type Lang,
  type MessageAction,
  type TemplatePlaceholder,
  type TemplatePurpose,
  tableTextOf,
} from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { OutgoingMessage, TextChannel } from '../../../providers/messaging/index.js';
import { inviteTokenOf, publicInviteUrl, shortCodeOf } from '../../events/invite-links.js';
import { ensureShortCodes } from '../../invitations/short-links.js';
import { parseCalendarDate, parseWallTime } from '../../invitations/page/event-when.js';
import { DEFAULT_SMS_TEXTS, DEFAULT_TABLE_LINES, DEFAULT_TEXTS } from './default-texts.js';
import type { WhatsAppTemplateRow } from '../../../db/schema/whatsapp.js';
import { listEventWhatsAppTemplates } from '../whatsapp-templates/whatsapp-templates.repository.js';
import { templateImageUrlOf } from '../whatsapp-templates/template-sync.js';
import { isTemplatePlaceholder } from './template-rules.js';
import { findRenderEvent, listGiverIds, listTemplates } from './templates.repository.js';
import { approvedGiftLinkOf } from '../../invitations/gift-link.service.js';

/** What the renderer needs of a guest (read just before sending). */
export interface RenderGuest {
  id: string;
  fullName: string;
  lang: Lang;
  inviteSalt: string | null;
  /** Issue 31: the guest's table (`{table}` in the direction message); absent or null when not seated. */
  tableNumber?: number | null;
  tableName?: string | null;
}

export interface RenderedMessage {
  /** As the guest reads it; an SMS ends with the opt-out line. */
  text: string;
  /** SMS parts of `text` (0 for WhatsApp, which is not counted in parts). */
  smsParts: number;
  template: OutgoingMessage['template'];
  /** WhatsApp on Meta: no approved template for this text and language yet (the row waits; see dispatch). */
  templateNotReady?: boolean;
}

export interface MessageRenderer {
  render(input: { guest: RenderGuest; action: MessageAction; channel: TextChannel }): RenderedMessage;
}

const SMS: TextChannel = 1;

const PURPOSE_OF: Record<MessageAction, { purpose: TemplatePurpose; round: 1 | 2 | 3 }> = {
  saveTheDate: { purpose: 'saveTheDate', round: 1 },
  round1: { purpose: 'invitation', round: 1 },
  round2: { purpose: 'invitation', round: 2 },
  round3: { purpose: 'invitation', round: 3 },
  direction: { purpose: 'direction', round: 1 },
  thanks: { purpose: 'thanks', round: 1 },
};

/**
 * The date as a message says it, short ("יום ה׳, 12 במרץ", "Thursday, 12 March"): the guest knows the year.
 * ar with Latin digits, as the guest pages write it.
 */
const DATE_FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  he: new Intl.DateTimeFormat('he-IL', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long' }),
  en: new Intl.DateTimeFormat('en-IL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
  ru: new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
  ar: new Intl.DateTimeFormat('ar-IL-u-nu-latn', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
};

export const messageDateOf = (lang: Lang, date: string): string => {
  const { year, month, day } = parseCalendarDate(date);
  // A calendar date, not an instant: UTC noon of that day formatted in UTC cannot shift.
  return DATE_FORMATS[lang].format(new Date(Date.UTC(year, month - 1, day, 12)));
};

const messageTimeOf = (time: string): string => {
  const { hour, minute } = parseWallTime(time);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

const nameIn = (names: EventNames, lang: Lang, defaultLang: Lang): string =>
  names[lang]?.trim() || names[defaultLang]?.trim() || LANGUAGES.map((other) => names[other]?.trim()).find(Boolean) || '';

/**
 * Issue 32: `{giftThanks}` says the thank-you line to a guest with a gift recorded (never the amount); for anyone
 * else it is empty, and a line that held only it goes with it.
 */
export const withoutEmptyGiftThanks = (text: string, giftThanks: string): string =>
  giftThanks || !text.includes('{giftThanks}')
    ? text
    : text
        .split('\n')
        .filter((line) => line.trim() !== '{giftThanks}')
        .join('\n');

const fill = (text: string, values: Partial<Record<TemplatePlaceholder, string>>): string =>
  withoutEmptyGiftThanks(text, values.giftThanks ?? '').replace(/\{([^{}]*)\}/g, (whole, name: string) => (isTemplatePlaceholder(name) ? (values[name] ?? '') : whole));

const usedPlaceholders = (text: string): TemplatePlaceholder[] =>
  [...new Set([...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? ''))].filter(isTemplatePlaceholder);

/** The line the direction and thank-you messages end with once the event's gift link is approved (issue 21). */
const GIFT_LINES: Record<Lang, (link: string) => string> = {
  he: (link) => `🎁 למתנה בכרטיס אשראי: ${link}`,
  en: (link) => `🎁 To give a gift by credit card: ${link}`,
  ru: (link) => `🎁 Подарок кредитной картой: ${link}`,
  ar: (link) => `🎁 لتقديم هدية ببطاقة الائتمان: ${link}`,
};
const GIFT_PURPOSES = new Set<TemplatePurpose>(['direction', 'thanks']);
const GIFT_PLACEHOLDER = '{giftLink}';

/**
 * The gift link in a direction or thank-you text: where the text has `{giftLink}` it is filled, or its line dropped
 * while no link is approved; otherwise the gift line is added at the end (approved only).
 */
export const withGiftLink = (text: string, purpose: TemplatePurpose, lang: Lang, giftLink: string | null): string => {
  if (text.includes(GIFT_PLACEHOLDER)) {
    return giftLink
      ? text.split(GIFT_PLACEHOLDER).join(giftLink)
      : text
          .split('\n')
          .filter((line) => !line.includes(GIFT_PLACEHOLDER))
          .join('\n');
  }
  return giftLink && GIFT_PURPOSES.has(purpose) ? `${text}\n\n${GIFT_LINES[lang](giftLink)}` : text;
};

const TABLE_PLACEHOLDER = '{table}';

/**
 * Issue 31, the table in the direction message. A text with `{table}`: filled later, or its lines dropped for a
 * guest without a table (no empty "your table:" line). The default direction text: the table line goes before the
 * directions line for a seated guest, and nothing is added for one who is not.
 */
export const withTableLine = (text: string, opts: { isDefault: boolean; purpose: TemplatePurpose; lang: Lang; table: string }): string => {
  if (text.includes(TABLE_PLACEHOLDER)) {
    return opts.table
      ? text
      : text
          .split('\n')
          .filter((line) => !line.includes(TABLE_PLACEHOLDER))
          .join('\n');
  }
  if (!opts.isDefault || opts.purpose !== 'direction' || !opts.table) return text;
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.includes('{navigationLink}'));
  lines.splice(at < 0 ? lines.length : at, 0, DEFAULT_TABLE_LINES[opts.lang]);
  return lines.join('\n');
};

interface ApprovedText {
  text: string;
  providerTemplateId: string | null;
  /** Our default text, not the host's. */
  isDefault?: boolean;
}

const INVITATION_ACTIONS = new Set<MessageAction>(['round1', 'round2', 'round3']);

/** Loads an event's templates and facts once; `render` is then pure and fast (a round renders thousands). */
export const createMessageRenderer = async (ctx: AppContext, eventId: string): Promise<MessageRenderer> => {
  const meta = ctx.messaging.whatsappCloud !== null;
  const [event, rows, metaRows, giftLink, givers] = await Promise.all([
    findRenderEvent(ctx.db, eventId),
    listTemplates(ctx.db, eventId),
    meta ? listEventWhatsAppTemplates(ctx.db, eventId) : Promise.resolve([]),
    approvedGiftLinkOf(ctx, eventId),
    listGiverIds(ctx.db, eventId),
    // The short links an SMS carries must resolve before it goes.
    ensureShortCodes(ctx, eventId),
  ]);
  if (!event) throw new Error(`event ${eventId} not found`);

  const { appUrl } = ctx.config;
  const pepper = ctx.config.secrets.tokenPepper;
  const smsReplies = ctx.config.sms.twoWay;
  const approved = new Map<string, ApprovedText>();
  for (const row of rows) {
    if (row.status === 'approved') approved.set(`${row.purpose}:${row.round}:${row.lang}`, { text: row.text, providerTemplateId: row.providerTemplateId });
  }
  const location = normalizeEventLocation(event.location, event.defaultLang);
  const time = messageTimeOf(event.time);
  // Everything that depends only on the language, computed once per language.
  const perLang = new Map(
    event.langs.map((lang) => {
      const texts = locationTextsIn(location, lang, event.defaultLang);
      return [
        lang,
        {
          eventName: nameIn(event.names, lang, event.defaultLang),
          date: messageDateOf(lang, event.date),
          time,
          place: [texts.venue, texts.place].filter(Boolean).join(', '),
        },
      ] as const;
    }),
  );
  // A guest without a personal link (none should remain after the backfill) gets the public one rather than nothing.
  const fallbackLink = event.publicSalt ? publicInviteUrl(appUrl, pepper, event.publicSalt) : appUrl;
  const fallbackSuffix = event.publicSalt ? fallbackLink.slice(`${appUrl}/invite/`.length) : null;

  /** The host's approved text, else the default (by SMS the short one, whose parts are paid). */
  const textFor = (purpose: TemplatePurpose, round: 1 | 2 | 3, lang: Lang, channel: TextChannel = 3): ApprovedText =>
    (round > 1 ? approved.get(`${purpose}:${round}:${lang}`) : undefined) ??
    approved.get(`${purpose}:1:${lang}`) ?? { text: (channel === SMS ? DEFAULT_SMS_TEXTS : DEFAULT_TEXTS)[purpose][lang], providerTemplateId: null, isDefault: true };

  // Meta: the approved templates, chosen once per purpose, round and language.
  const imageUrl = meta ? templateImageUrlOf(ctx, event.image) : null;
  const usableOnMeta = metaRows.filter((row) => row.status === 'approved' && (!row.withImage || imageUrl !== null));
  // A template with the image header first, when the event has an image.
  const preferred = (candidates: WhatsAppTemplateRow[]) => candidates.find((row) => row.withImage) ?? candidates[0];
  const metaChoices = new Map<string, WhatsAppTemplateRow | null>();
  /** The approved template a WhatsApp message on Meta goes by: the host's text (its round, else round 1's), else the default. */
  const metaChoiceFor = (purpose: TemplatePurpose, round: 1 | 2 | 3, lang: Lang): WhatsAppTemplateRow | null => {
    const key = `${purpose}:${round}:${lang}`;
    const known = metaChoices.get(key);
    if (known !== undefined) return known;
    const custom = (r: number) => {
      const host = rows.find((row) => row.purpose === purpose && row.round === r && row.lang === lang && row.status === 'approved');
      if (!host) return undefined;
      return preferred(usableOnMeta.filter((row) => row.source === 'custom' && row.messageTemplateId === host.id && row.text === host.text));
    };
    const fallback = preferred(
      usableOnMeta.filter((row) => row.source === 'default' && row.purpose === purpose && row.round === 1 && row.lang === lang && row.text === DEFAULT_TEXTS[purpose][lang]),
    );
    const choice = (round > 1 ? custom(round) : undefined) ?? custom(1) ?? fallback ?? null;
    metaChoices.set(key, choice);
    return choice;
  };

  return {
    render: ({ guest, action, channel }) => {
      const lang = event.langs.includes(guest.lang) ? guest.lang : event.defaultLang;
      const facts = perLang.get(lang) ?? perLang.get(event.defaultLang);
      const { purpose, round } = PURPOSE_OF[action];
      const token = guest.inviteSalt ? inviteTokenOf(pepper, 'guest', guest.inviteSalt) : null;
      const table = typeof guest.tableNumber === 'number' ? tableTextOf({ number: guest.tableNumber, name: guest.tableName ?? null }) : '';
      /** The text chosen, with the table line as the guest's table calls for (see withTableLine). */
      const tabled = (chosen: ApprovedText): string => withTableLine(chosen.text, { isDefault: chosen.isDefault === true, purpose, lang, table });
      const all: Record<TemplatePlaceholder, string> = {
        guestName: guest.fullName.trim(),
        eventName: facts?.eventName ?? '',
        date: facts?.date ?? '',
        time: facts?.time ?? '',
        place: facts?.place ?? '',
        link: token ? `${appUrl}/invite/${token}` : fallbackLink,
        navigationLink: token ? `${appUrl}/navigate/${token}` : fallbackLink,
        table,
        giftThanks: purpose === 'thanks' && givers.has(guest.id) ? GIFT_THANKS_LINES[lang] : '',
      };
      if (channel === SMS) {
        // SMS parts cost money: the links are the short ones (`APP_URL/i/<code>`).
        const code = guest.inviteSalt ? shortCodeOf(pepper, guest.inviteSalt) : null;
        const short = code ? { ...all, link: shortInviteUrlOf(appUrl, code), navigationLink: shortNavigationUrlOf(appUrl, code) } : all;
        const filled = withGiftLink(fill(tabled(textFor(purpose, round, lang, SMS)), short), purpose, lang, giftLink);
        // A numeric sender can be answered: the invitation asks for 1 / 2 / 3 (handled by the SMS replies).
        const text = composeSmsText(filled, lang, { replyLine: smsReplies && INVITATION_ACTIONS.has(action) });
        return { text, smsParts: smsPartsOf(text).parts, template: null };
      }
      if (!meta) {
        const chosen = textFor(purpose, round, lang);
        const text = tabled(chosen);
        const values = Object.fromEntries(usedPlaceholders(text).map((name) => [name, all[name]]));
        return {
          text: withGiftLink(fill(text, all), purpose, lang, giftLink),
          smsParts: 0,
          template: { providerTemplateId: chosen.providerTemplateId, purpose, values, headerImageUrl: null, pageUrlSuffix: null, quickReplies: purpose === 'invitation' },
        };
      }
      const row = metaChoiceFor(purpose, round, lang);
      if (!row) {
        // Nothing approved on Meta yet for this text and language: the row waits (dispatch kicks the sync).
        return { text: fill(tabled(textFor(purpose, round, lang)), all), smsParts: 0, template: null, templateNotReady: true };
      }
      // An approved Meta template is fixed text: a guest without a table gets a dash where `{table}` stands (Meta
      // refuses an empty value), and the default template has no table line.
      const metaValues = { ...all, table: table || '–' };
      const values = Object.fromEntries(usedPlaceholders(row.text).map((name) => [name, metaValues[name]]));
      const invitation = purpose === 'invitation';
      return {
        text: fill(row.text, metaValues),
        smsParts: 0,
        template: {
          providerTemplateId: row.name,
          purpose,
          values,
          headerImageUrl: row.withImage ? imageUrl : null,
          pageUrlSuffix: invitation ? (token ?? fallbackSuffix) : null,
          quickReplies: invitation,
        },
      };
    },
  };
};
