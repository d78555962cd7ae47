import {
  LANGUAGES,
  locationTextsIn,
  normalizeEventLocation,
  smsSegmentsOf,
  type EventNames,
  type Lang,
  type MessageAction,
  type TemplatePlaceholder,
  type TemplatePurpose,
} from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { OutgoingMessage, TextChannel } from '../../../providers/messaging/index.js';
import { inviteTokenOf, publicInviteUrl } from '../../invitations/invite-links.js';
import { parseCalendarDate, parseWallTime } from '../../invitations/page/event-when.js';
import { DEFAULT_TEXTS } from './default-texts.js';
import { OPT_OUT_LINES } from '@magiim/shared';
import { isTemplatePlaceholder } from './template-rules.js';
import { findRenderEvent, listTemplates } from './templates.repository.js';

/** What the renderer needs of a guest (read just before sending). */
export interface RenderGuest {
  id: string;
  fullName: string;
  lang: Lang;
  inviteSalt: string | null;
}

export interface RenderedMessage {
  /** As the guest reads it; an SMS ends with the opt-out line. */
  text: string;
  /** SMS parts of `text` (0 for WhatsApp, which is not counted in parts). */
  smsParts: number;
  template: OutgoingMessage['template'];
}

export interface MessageRenderer {
  render(input: { guest: RenderGuest; action: MessageAction; channel: TextChannel }): RenderedMessage;
}

const SMS: TextChannel = 1;

const PURPOSE_OF: Record<MessageAction, { purpose: TemplatePurpose; round: 1 | 2 | 3 }> = {
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

const fill = (text: string, values: Partial<Record<TemplatePlaceholder, string>>): string =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (isTemplatePlaceholder(name) ? (values[name] ?? '') : whole));

const usedPlaceholders = (text: string): TemplatePlaceholder[] =>
  [...new Set([...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? ''))].filter(isTemplatePlaceholder);

interface ApprovedText {
  text: string;
  providerTemplateId: string | null;
}

/** Loads an event's templates and facts once; `render` is then pure and fast (a round renders thousands). */
export const createMessageRenderer = async (ctx: AppContext, eventId: string): Promise<MessageRenderer> => {
  const [event, rows] = await Promise.all([findRenderEvent(ctx.db, eventId), listTemplates(ctx.db, eventId)]);
  if (!event) throw new Error(`event ${eventId} not found`);

  const { appUrl } = ctx.config;
  const pepper = ctx.config.secrets.tokenPepper;
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

  const textFor = (purpose: TemplatePurpose, round: 1 | 2 | 3, lang: Lang): ApprovedText =>
    (round > 1 ? approved.get(`${purpose}:${round}:${lang}`) : undefined) ??
    approved.get(`${purpose}:1:${lang}`) ?? { text: DEFAULT_TEXTS[purpose][lang], providerTemplateId: null };

  return {
    render: ({ guest, action, channel }) => {
      const lang = event.langs.includes(guest.lang) ? guest.lang : event.defaultLang;
      const facts = perLang.get(lang) ?? perLang.get(event.defaultLang);
      const { purpose, round } = PURPOSE_OF[action];
      const chosen = textFor(purpose, round, lang);
      const token = guest.inviteSalt ? inviteTokenOf(pepper, 'guest', guest.inviteSalt) : null;
      const all: Record<TemplatePlaceholder, string> = {
        guestName: guest.fullName.trim(),
        eventName: facts?.eventName ?? '',
        date: facts?.date ?? '',
        time: facts?.time ?? '',
        place: facts?.place ?? '',
        link: token ? `${appUrl}/invite/${token}` : fallbackLink,
        navigationLink: token ? `${appUrl}/navigate/${token}` : fallbackLink,
      };
      const filled = fill(chosen.text, all);
      if (channel === SMS) {
        const text = `${filled}\n${OPT_OUT_LINES[lang]}`;
        return { text, smsParts: smsSegmentsOf(text), template: null };
      }
      const values = Object.fromEntries(usedPlaceholders(chosen.text).map((name) => [name, all[name]]));
      return { text: filled, smsParts: 0, template: { providerTemplateId: chosen.providerTemplateId, purpose, values } };
    },
  };
};
