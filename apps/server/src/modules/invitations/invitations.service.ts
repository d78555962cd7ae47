import {
  ANSWERS_PER_TOKEN,
  directionOf,
  INVITES_PER_INVITEE_MAX,
  INVITE_MISSES_PER_IP,
  MSG,
  RSVP_ANSWERS,
  todayInBusinessZone,
  type GuestAnswerStatus,
  type InviteAnswerResult,
  type InvitePageDto,
  type Lang,
  type MealCounts,
  type NotificationType,
  type PublicRsvpAnswerParsed,
  type RsvpAnswerParsed,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { eventImageUrls, eventOgImageUrl } from '../event-images/event-image.js';
import { guestCapOf } from '../guests/guests.service.js';
import { violatedConstraint } from '../guests/constraint-violation.js';
import { inviteTokenHashOf, newInviteLink } from './invite-links.js';
import * as repo from './invitations.repository.js';
import type { InviteEvent, InviteGuest, StoredAnswer } from './invitations.repository.js';
import { verifyPreviewToken } from './preview-links.js';

/** Who opened or answered a page: the IP for the miss limit; whether the open counts as a view. */
export interface InviteVisit {
  ip: string;
  countView: boolean;
  /** The user the browser's host mark names, if any: an open by one of the event's hosts is not a guest's view. */
  hostUserId?: string;
}

export interface InviteAnswerOutcome {
  page: InvitePageDto;
  result: InviteAnswerResult;
}

const notFound = () => new AppError('NOT_FOUND', 'invitation not found');
const invalid = (path: string, message: string = MSG.invalidValue) => new AppError('VALIDATION', 'invalid input', [{ path, message }]);

/** An unknown token counts against the caller's IP; past the limit further misses answer 429. Hits never count. */
const refuseMiss = async (ctx: AppContext, visit: InviteVisit): Promise<never> => {
  await ctx.rateLimiter.consume([{ bucket: `invite-miss:${visit.ip}`, limit: INVITE_MISSES_PER_IP }]);
  throw notFound();
};

const pageLang = (event: InviteEvent, wanted: Lang | undefined, fallback: Lang | undefined): Lang => {
  for (const lang of [wanted, fallback]) if (lang && event.langs.includes(lang)) return lang;
  return event.defaultLang;
};

/** Answers close once the event's day has passed (Asia/Jerusalem). */
const isClosed = (event: InviteEvent): boolean => todayInBusinessZone() > event.date;

const absolute = (ctx: AppContext, url: string | null): string | null =>
  url && url.startsWith('/') ? `${ctx.config.appUrl}${url}` : url;

interface Asked {
  meals: boolean;
  transport: boolean;
}
const askedOf = (event: InviteEvent, guest: { askMeals: boolean; askTransport: boolean } | null): Asked => ({
  meals: event.meals.ask === 'all_guests' || (event.meals.ask === 'some_guests' && Boolean(guest?.askMeals)),
  transport: event.transport.ask === 'all_guests' || (event.transport.ask === 'some_guests' && Boolean(guest?.askTransport)),
});

const answerOf = (guest: InviteGuest): InvitePageDto['answer'] => {
  if (!guest.answeredAt) return null;
  const status = guest.status;
  if (status !== 'approved' && status !== 'declined' && status !== 'maybe' && status !== 'wrongNumber') return null;
  return {
    status,
    attending: guest.attending,
    meals: guest.answerMeals,
    transport: guest.answerTransport,
    comments: guest.answerComments,
    answeredAt: guest.answeredAt.toISOString(),
  };
};

const buildPage = (
  ctx: AppContext,
  event: InviteEvent,
  kind: InvitePageDto['kind'],
  lang: Lang,
  guest: InviteGuest | null,
  asked: Asked,
): InvitePageDto => {
  const { imageUrl, imageSizes } = eventImageUrls(ctx.storage, event.image);
  return {
    lang,
    dir: directionOf(lang),
    langs: event.langs,
    kind,
    event: {
      name: event.names[lang] ?? event.names[event.defaultLang] ?? '',
      names: event.names,
      defaultLang: event.defaultLang,
      date: event.date,
      time: event.time,
      location: { name: event.location.name, address: event.location.address, lat: event.location.lat, lng: event.location.lng },
      imageUrl,
      imageSizes,
      imageWidth: event.image?.width ?? null,
      imageHeight: event.image?.height ?? null,
      ogImageUrl: absolute(ctx, eventOgImageUrl(ctx.storage, event.image)),
    },
    guest: guest ? { fullName: guest.fullName, countOfInvites: guest.countOfInvites } : null,
    questions: {
      meals: asked.meals ? event.meals.options : null,
      transport: asked.transport ? event.transport.options : null,
      maxAttending: guest ? guest.countOfInvites : INVITES_PER_INVITEE_MAX,
    },
    answer: guest ? answerOf(guest) : null,
    closed: isClosed(event),
  };
};

const hashOf = (ctx: AppContext, token: string) => inviteTokenHashOf(ctx.config.secrets.tokenPepper, token);

const findPersonal = async (ctx: AppContext, tokenHash: string, visit: InviteVisit) =>
  (await repo.findByPersonalToken(ctx.database.pool, tokenHash)) ?? refuseMiss(ctx, visit);

const findPublic = async (ctx: AppContext, tokenHash: string, visit: InviteVisit) =>
  (await repo.findByPublicToken(ctx.database.pool, tokenHash)) ?? refuseMiss(ctx, visit);

export const getPersonalPage = async (ctx: AppContext, token: string, lang: Lang | undefined, visit: InviteVisit): Promise<InvitePageDto> => {
  const { guest, event } = await findPersonal(ctx, hashOf(ctx, token), visit);
  if (visit.countView && !(visit.hostUserId && (await repo.isEventMember(ctx.database.pool, event.id, visit.hostUserId)))) {
    ctx.inviteViews.count(guest.id);
  }
  return buildPage(ctx, event, 'personal', pageLang(event, lang, guest.lang), guest, askedOf(event, guest));
};

export const getPublicPage = async (ctx: AppContext, token: string, lang: Lang | undefined, visit: InviteVisit): Promise<InvitePageDto> => {
  const event = await findPublic(ctx, hashOf(ctx, token), visit);
  return buildPage(ctx, event, 'public', pageLang(event, lang, undefined), null, askedOf(event, null));
};

/** The host's preview: the page as a guest sees it, with a sample guest asked every question the event asks. */
export const getPreviewPage = async (ctx: AppContext, previewToken: string, lang: Lang | undefined): Promise<InvitePageDto> => {
  const eventId = verifyPreviewToken(ctx.config.secrets.tokenPepper, previewToken);
  const event = eventId ? await repo.findInviteEvent(ctx.database.pool, eventId) : undefined;
  if (!event) throw notFound();
  const sample: InviteGuest = {
    id: '',
    fullName: '',
    countOfInvites: 2,
    lang: event.defaultLang,
    askMeals: true,
    askTransport: true,
    status: 'inProgress',
    attending: null,
    answerMeals: {},
    answerTransport: null,
    answerComments: '',
    answeredAt: null,
    changedDecision: false,
  };
  const asked = { meals: event.meals.ask !== 'no_need_to_ask', transport: event.transport.ask !== 'no_need_to_ask' };
  return buildPage(ctx, event, 'preview', pageLang(event, lang, undefined), sample, asked);
};

/** Checks the answer against the guest's invitation and the event's questions, and stores only what applies. */
const storedAnswerOf = (input: RsvpAnswerParsed, event: InviteEvent, maxAttending: number, asked: Asked): StoredAnswer => {
  const coming = input.status === 'approved';
  const attending = input.status === 'declined' ? 0 : (input.attending ?? null);
  if (attending !== null && attending > maxAttending) {
    throw new AppError('RESPONDERS_ABOVE_INVITEES', 'more people than invited', [{ path: 'attending', message: MSG.respondersAboveInvitees }]);
  }
  let meals: MealCounts = {};
  if (coming && asked.meals) {
    for (const [meal, count] of Object.entries(input.meals) as [keyof MealCounts, number | undefined][]) {
      if (!count) continue;
      if (!event.meals.options.includes(meal)) throw invalid(`meals.${meal}`);
      meals = { ...meals, [meal]: count };
    }
  }
  let transport: { option: string } | null = null;
  if (coming && asked.transport && input.transport) {
    if (!event.transport.options.includes(input.transport.option)) throw invalid('transport');
    transport = { option: input.transport.option };
  }
  return { status: input.status, attending, meals, transport, comments: input.comments };
};

const sameAnswer = (guest: InviteGuest, answer: StoredAnswer): boolean =>
  guest.answeredAt !== null &&
  guest.status === answer.status &&
  guest.attending === answer.attending &&
  JSON.stringify(guest.answerMeals) === JSON.stringify(answer.meals) &&
  JSON.stringify(guest.answerTransport) === JSON.stringify(answer.transport) &&
  guest.answerComments === answer.comments;

const isRsvp = (status: string): status is (typeof RSVP_ANSWERS)[number] => (RSVP_ANSWERS as readonly string[]).includes(status);

/**
 * Stores an answer under the guest's row lock: the same answer twice changes nothing (no history, no
 * notification); a different status or head count after an earlier answer marks a changed decision.
 */
const recordAnswer = async (
  tx: repo.Tx,
  eventId: string,
  guest: InviteGuest,
  answer: StoredAnswer,
  source: 'personal' | 'public',
  lang?: Lang,
): Promise<{ guest: InviteGuest; changed: boolean }> => {
  if (sameAnswer(guest, answer)) return { guest, changed: false };
  const previousStatus: GuestAnswerStatus | null = guest.answeredAt && (isRsvp(guest.status) || guest.status === 'wrongNumber') ? guest.status : null;
  const changed =
    previousStatus !== null && isRsvp(previousStatus) && (previousStatus !== answer.status || guest.attending !== answer.attending);
  const changedDecision = guest.changedDecision || changed;
  const answeredAt = await repo.saveGuestAnswer(tx, guest.id, answer, { changedDecision, ...(lang ? { lang } : {}) });
  await repo.insertAnswerHistory(tx, { eventId, guestId: guest.id, previousStatus, changed, source, ...answer });
  const type: NotificationType = changed ? 'changedDecision' : answer.status;
  await repo.bumpNotification(tx, eventId, type);
  return {
    guest: {
      ...guest,
      status: answer.status,
      attending: answer.attending,
      answerMeals: answer.meals,
      answerTransport: answer.transport,
      answerComments: answer.comments,
      answeredAt,
      changedDecision,
      ...(lang ? { lang } : {}),
    },
    changed,
  };
};

const resultOf = (page: InvitePageDto, changed: boolean): InviteAnswerOutcome => {
  if (!page.answer) throw new Error('an answered page has an answer');
  return { page, result: { answer: page.answer, changedDecision: changed } };
};

export const answerPersonal = async (
  ctx: AppContext,
  token: string,
  input: RsvpAnswerParsed,
  lang: Lang | undefined,
  visit: InviteVisit,
): Promise<InviteAnswerOutcome> => {
  const tokenHash = hashOf(ctx, token);
  const { guest: found, event } = await findPersonal(ctx, tokenHash, visit);
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  await ctx.rateLimiter.consume([{ bucket: `invite-answer:${tokenHash}`, limit: ANSWERS_PER_TOKEN }]);
  const pageLanguage = lang && event.langs.includes(lang) ? lang : undefined;
  // A second tap on the same answer: nothing to write, and no row lock to wait for.
  const repeated = storedAnswerOf(input, event, found.countOfInvites, askedOf(event, found));
  if (sameAnswer(found, repeated) && (!pageLanguage || pageLanguage === found.lang)) {
    return resultOf(buildPage(ctx, event, 'personal', pageLang(event, lang, found.lang), found, askedOf(event, found)), false);
  }
  const { guest, changed } = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockInviteGuest(tx, found.id);
    if (!current) throw notFound();
    const asked = askedOf(event, current);
    return recordAnswer(tx, event.id, current, storedAnswerOf(input, event, current.countOfInvites, asked), 'personal', pageLanguage);
  });
  return resultOf(buildPage(ctx, event, 'personal', pageLang(event, lang, guest.lang), guest, askedOf(event, guest)), changed);
};

/** "Wrong number": whoever holds the link is not the guest; the host is told. */
export const markWrongNumber = async (ctx: AppContext, token: string, lang: Lang | undefined, visit: InviteVisit): Promise<InvitePageDto> => {
  const tokenHash = hashOf(ctx, token);
  const { guest: found, event } = await findPersonal(ctx, tokenHash, visit);
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  await ctx.rateLimiter.consume([{ bucket: `invite-answer:${tokenHash}`, limit: ANSWERS_PER_TOKEN }]);
  const guest = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockInviteGuest(tx, found.id);
    if (!current) throw notFound();
    const wrong: StoredAnswer = { status: 'wrongNumber', attending: null, meals: {}, transport: null, comments: '' };
    if (current.status === 'wrongNumber') return current;
    return (await recordAnswer(tx, event.id, current, wrong, 'personal')).guest;
  });
  return buildPage(ctx, event, 'personal', pageLang(event, lang, guest.lang), guest, askedOf(event, guest));
};

/**
 * The public page: matched by phone to a guest on the list (their answer is updated, within their invitation),
 * or added as a new guest while the package has room.
 */
export const answerPublic = async (ctx: AppContext, token: string, input: PublicRsvpAnswerParsed, visit: InviteVisit): Promise<InviteAnswerOutcome> => {
  const tokenHash = hashOf(ctx, token);
  const event = await findPublic(ctx, tokenHash, visit);
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  if (!event.langs.includes(input.lang)) throw invalid('lang');
  await ctx.rateLimiter.consume([{ bucket: `invite-public-answer:${tokenHash}:${input.phoneNumber}`, limit: ANSWERS_PER_TOKEN }]);
  const run = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await repo.lockGuestByPhone(tx, event.id, input.phoneNumber);
      if (existing) {
        const asked = askedOf(event, existing);
        return recordAnswer(tx, event.id, existing, storedAnswerOf(input, event, existing.countOfInvites, asked), 'public', input.lang);
      }
      const asked = askedOf(event, null);
      const answer = storedAnswerOf(input, event, INVITES_PER_INVITEE_MAX, asked);
      const locked = await repo.lockEventForNewGuest(tx, event.id);
      if (!locked) throw notFound();
      if ((await repo.countEventGuests(tx, event.id)) >= guestCapOf(locked)) {
        throw new AppError('INVITEE_LIMIT_REACHED', 'the package is full');
      }
      const countOfInvites = Math.max(1, answer.attending ?? 1);
      const guestId = await repo.insertAnsweringGuest(
        tx,
        event.id,
        { fullName: input.fullName, phoneNumber: input.phoneNumber, countOfInvites, lang: input.lang, askMeals: asked.meals, askTransport: asked.transport },
        newInviteLink(ctx.config.secrets.tokenPepper, 'guest'),
      );
      const created = await repo.lockInviteGuest(tx, guestId);
      if (!created) throw new Error('the new guest is missing');
      return recordAnswer(tx, event.id, created, answer, 'public');
    });
  let outcome: Awaited<ReturnType<typeof run>>;
  try {
    outcome = await run();
  } catch (error) {
    // Two first answers from the same phone at once: the second finds the first's row on a retry.
    if (violatedConstraint(error) !== 'guests_event_phone_key') throw error;
    outcome = await run();
  }
  const page = buildPage(ctx, event, 'public', input.lang, outcome.guest, askedOf(event, outcome.guest));
  return resultOf({ ...page, guest: null }, outcome.changed);
};
