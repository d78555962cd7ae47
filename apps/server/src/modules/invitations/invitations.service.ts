import { askedOf, isClosed, splitFieldsOf, splitOf, type Asked } from './answer-rules.js';
import {
  ANSWERS_PER_TOKEN,
  directionOf,
  INVITES_PER_INVITEE_MAX,
  INVITE_MISSES_PER_IP,
  locationTextsIn,
  MSG,
  PUBLIC_ANSWERS_WAITING_MAX,
  PUBLIC_PHONES_PER_ADDRESS,
  transportOptionLabels,
  type InviteAnswerResult,
  type InvitePageDto,
  type Lang,
  type MealCounts,
  type PublicAnswerReason,
  type PublicAnswerReceived,
  type PublicRsvpAnswerParsed,
  type RsvpAnswerParsed,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { addressKeyOf } from '../rate-limits/address-key.js';
import { AppError } from '../../platform/errors.js';
import { eventImageUrls, eventOgImageUrl } from '../event-images/event-image.js';
import { guestCapOf } from '../guests/guests.service.js';
import { hasAnswered, recordAnswer, sameAnswer } from './answer-recording.js';
import { inviteTokenHashOf, newInviteLink } from '../events/invite-links.js';
import * as repo from './invitations.repository.js';
import type { InviteEvent, InviteGuest, StoredAnswer } from './invitations.repository.js';
import { verifyPreviewToken } from './preview-links.js';
import { previewCardPath } from './preview-card/preview-card.service.js';
import { countNewGuestFromLink, keepPublicAnswer, lockEventForPublicAnswer } from './public-answers.repository.js';

/** Who opened or answered a page: the IP for the miss limit; whether the open counts as a view. */
export interface InviteVisit {
  ip: string;
  countView: boolean;
  /** The user the browser's host mark names, if any: an open by one of the event's hosts is not a guest's view. */
  hostUserId?: string;
  /** The request's token lookups: one link is read once however many steps of the request need it. */
  lookups?: InviteLookups;
}

type PersonalFound = Awaited<ReturnType<typeof repo.findByPersonalToken>>;
type PublicFound = Awaited<ReturnType<typeof repo.findByPublicToken>>;

/** One request's reads of invitation links by token hash, each done once (a failed read is not kept). */
export interface InviteLookups {
  personal(ctx: AppContext, tokenHash: string): Promise<PersonalFound>;
  public(ctx: AppContext, tokenHash: string): Promise<PublicFound>;
}

const remembered = <T>(memo: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
  let found = memo.get(key);
  if (!found) {
    found = read();
    memo.set(key, found);
    found.catch(() => memo.delete(key));
  }
  return found;
};

/** Lookups for one request (never shared between requests: an answer changes what the next request reads). */
export const createInviteLookups = (): InviteLookups => {
  const personal = new Map<string, Promise<PersonalFound>>();
  const publicLinks = new Map<string, Promise<PublicFound>>();
  return {
    personal: (ctx, tokenHash) => remembered(personal, tokenHash, () => repo.findByPersonalToken(ctx.database.pool, tokenHash)),
    public: (ctx, tokenHash) => remembered(publicLinks, tokenHash, () => repo.findByPublicToken(ctx.database.pool, tokenHash)),
  };
};

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


const absolute = (ctx: AppContext, url: string | null): string | null =>
  url && url.startsWith('/') ? `${ctx.config.appUrl}${url}` : url;


const answerOf = (guest: InviteGuest): InvitePageDto['answer'] => {
  if (!guest.answeredAt) return null;
  const status = guest.status;
  if (status !== 'approved' && status !== 'declined' && status !== 'maybe' && status !== 'wrongNumber') return null;
  return {
    status,
    attending: guest.attending,
    ...(status === 'approved' ? splitFieldsOf(guest.answerSplit) : {}),
    meals: guest.answerMeals,
    transport: guest.answerTransport,
    ...(guest.answerTransportOpen ? { transportOpen: true } : {}),
    ...(guest.answerMealsOpen ? { mealsOpen: true } : {}),
    comments: guest.answerComments,
    answeredAt: guest.answeredAt.toISOString(),
  };
};

/** The location as a guest reading `lang` sees it. */
const locationIn = (location: InviteEvent['location'], lang: Lang, defaultLang: Lang): InvitePageDto['event']['location'] => {
  const texts = locationTextsIn(location, lang, defaultLang);
  return {
    name: texts.venue || texts.place,
    address: (texts.venue ? [texts.place, texts.address] : [texts.address]).filter(Boolean).join(', '),
    lat: location.lat,
    lng: location.lng,
    venue: texts.venue,
    place: texts.place,
    placeAddress: texts.address,
    venuePoint: location.venuePoint,
    venueAddress: location.venueAddress,
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
      location: locationIn(event.location, lang, event.defaultLang),
      imageUrl,
      imageSizes,
      imageWidth: event.image?.width ?? null,
      imageHeight: event.image?.height ?? null,
      // Without an uploaded image, the brand's card with the event's name and date: every link shows a picture.
      ogImageUrl: absolute(ctx, eventOgImageUrl(ctx.storage, event.image) ?? previewCardPath(ctx, event, lang)),
    },
    guest: guest ? { fullName: guest.fullName, countOfInvites: guest.countOfInvites } : null,
    questions: {
      meals: asked.meals ? event.meals.options : null,
      transport: asked.transport ? event.transport.options : null,
      transportLabels: asked.transport ? transportOptionLabels(event.transport, lang) : null,
      maxAttending: guest ? guest.countOfInvites : INVITES_PER_INVITEE_MAX,
      ...(event.householdSplit !== 'none' ? { split: event.householdSplit } : {}),
    },
    answer: guest ? answerOf(guest) : null,
    // Read only while the host shows tables to guests (see the repository); shown to a guest who is coming.
    table: kind === 'personal' && guest?.status === 'approved' && guest.table ? guest.table : null,
    closed: isClosed(event),
  };
};

const hashOf = (ctx: AppContext, token: string) => inviteTokenHashOf(ctx.config.secrets.tokenPepper, token);

const findPersonal = async (ctx: AppContext, tokenHash: string, visit: InviteVisit) =>
  (await (visit.lookups ? visit.lookups.personal(ctx, tokenHash) : repo.findByPersonalToken(ctx.database.pool, tokenHash))) ?? refuseMiss(ctx, visit);

const findPublic = async (ctx: AppContext, tokenHash: string, visit: InviteVisit) =>
  (await (visit.lookups ? visit.lookups.public(ctx, tokenHash) : repo.findByPublicToken(ctx.database.pool, tokenHash))) ?? refuseMiss(ctx, visit);

/** The host turned the link off: the same for every visitor. */
const publicLinkClosed = () => new AppError('PUBLIC_LINK_CLOSED', 'the public link is closed');

export const getPersonalPage = async (ctx: AppContext, token: string, lang: Lang | undefined, visit: InviteVisit): Promise<InvitePageDto> => {
  const { guest, event } = await findPersonal(ctx, hashOf(ctx, token), visit);
  if (visit.countView && !(visit.hostUserId && (await repo.isEventMember(ctx.database.pool, event.id, visit.hostUserId)))) {
    ctx.inviteViews.count(guest.id);
  }
  return buildPage(ctx, event, 'personal', pageLang(event, lang, guest.lang), guest, askedOf(event, guest));
};

export const getPublicPage = async (ctx: AppContext, token: string, lang: Lang | undefined, visit: InviteVisit): Promise<InvitePageDto> => {
  const { event, mode } = await findPublic(ctx, hashOf(ctx, token), visit);
  if (mode === 'off') throw publicLinkClosed();
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
    answerSplit: null,
    answerMeals: {},
    answerTransport: null,
    answerTransportOpen: false,
    answerMealsOpen: false,
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
  const split = splitOf(event.householdSplit, input.status, attending, input);
  return { status: input.status, attending, ...(split ? { split } : {}), meals, transport, comments: input.comments };
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
  form: { transportUnchosen?: boolean } = {},
): Promise<InviteAnswerOutcome> => {
  const tokenHash = hashOf(ctx, token);
  const { guest: found, event } = await findPersonal(ctx, tokenHash, visit);
  // The page's form sent no transport choice at all (nothing was pre-chosen for a question still open): the question
  // stays open rather than reading as "no transport needed".
  const storedOf = (countOfInvites: number, asked: Asked): StoredAnswer => {
    const stored = storedAnswerOf(input, event, countOfInvites, asked);
    return form.transportUnchosen && stored.status === 'approved' && asked.transport && event.transport.options.length > 0 ? { ...stored, transport: null, transportOpen: true } : stored;
  };
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  await ctx.rateLimiter.consume([{ bucket: `invite-answer:${tokenHash}`, limit: ANSWERS_PER_TOKEN }]);
  const pageLanguage = lang && event.langs.includes(lang) ? lang : undefined;
  // A second tap on the same answer: nothing to write, and no row lock to wait for.
  const repeated = storedOf(found.countOfInvites, askedOf(event, found));
  if (sameAnswer(found, repeated) && (!pageLanguage || pageLanguage === found.lang)) {
    return resultOf(buildPage(ctx, event, 'personal', pageLang(event, lang, found.lang), found, askedOf(event, found)), false);
  }
  const { guest, changed } = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockInviteGuest(tx, found.id);
    if (!current) throw notFound();
    const asked = askedOf(event, current);
    return recordAnswer(tx, event.id, current, storedOf(current.countOfInvites, asked), { source: 'personal', lang: pageLanguage });
  });
  // The answer does not move the guest between tables: the table read with the page stands (shown if coming).
  const answered = { ...guest, table: found.table ?? null };
  return resultOf(buildPage(ctx, event, 'personal', pageLang(event, lang, answered.lang), answered, askedOf(event, answered)), changed);
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
    return (await recordAnswer(tx, event.id, current, wrong, { source: 'personal' })).guest;
  });
  return buildPage(ctx, event, 'personal', pageLang(event, lang, guest.lang), guest, askedOf(event, guest));
};

/** What a public answer became; the visitor is told none of it (see answerPublic). */
export type PublicAnswerFate = 'applied' | 'added' | 'kept' | 'dropped' | 'unchanged';

export interface PublicAnswerOutcome {
  page: InvitePageDto;
  result: PublicAnswerReceived;
  fate: PublicAnswerFate;
}

type PublicDecision = { fate: PublicAnswerFate; reason?: PublicAnswerReason };

/**
 * The public page. Every well-formed answer gets the same reply, whether the phone is on the list or not and
 * whatever the count, so the page tells nobody who is invited or for how many. Behind it, under the event's
 * row lock: a listed guest who has not answered gets the answer (marked as from the public link, with the
 * typed name); a listed guest who has answered, or a count above their invitation, is kept beside their answer
 * for the host; a new phone becomes a guest while the link is open, the host does not approve new guests, and
 * the link's budget and the package have room; otherwise it waits for the host's approval.
 */
export const answerPublic = async (ctx: AppContext, token: string, input: PublicRsvpAnswerParsed, visit: InviteVisit): Promise<PublicAnswerOutcome> => {
  const tokenHash = hashOf(ctx, token);
  const { event, mode } = await findPublic(ctx, tokenHash, visit);
  if (mode === 'off') throw publicLinkClosed();
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  if (!event.langs.includes(input.lang)) throw invalid('lang');
  // What the visitor saw asked on the page: the reply repeats it, and it depends on nothing of the list.
  const echo = storedAnswerOf(input, event, INVITES_PER_INVITEE_MAX, askedOf(event, null));
  await ctx.rateLimiter.consumeDistinct({
    bucket: `invite-public-phones:${addressKeyOf(visit.ip)}`,
    member: input.phoneNumber,
    limit: PUBLIC_PHONES_PER_ADDRESS,
  });
  await ctx.rateLimiter.consume([{ bucket: `invite-public-answer:${tokenHash}:${input.phoneNumber}`, limit: ANSWERS_PER_TOKEN }]);
  const keep = async (tx: repo.Tx, guestId: string | null, reason: PublicAnswerReason, answer: StoredAnswer): Promise<PublicDecision> => {
    const kept = await keepPublicAnswer(
      tx,
      event.id,
      { ...answer, status: input.status, guestId, reason, phoneNumber: input.phoneNumber, typedName: input.fullName, lang: input.lang },
      PUBLIC_ANSWERS_WAITING_MAX,
    );
    if (!kept) return { fate: 'dropped' };
    // The host's bell only: the visitor's reply stays the same whatever happened here.
    await repo.bumpNotification(tx, event.id, guestId ? 'publicAnswerKept' : 'publicGuestWaiting');
    return { fate: 'kept', reason };
  };
  const decision = await ctx.db.transaction(async (tx): Promise<PublicDecision> => {
    const rules = await lockEventForPublicAnswer(tx, event.id);
    if (!rules) throw notFound();
    if (rules.mode === 'off') throw publicLinkClosed();
    const listed = await repo.lockGuestByPhone(tx, event.id, input.phoneNumber);
    if (listed) {
      const answer = storedAnswerOf(input, event, INVITES_PER_INVITEE_MAX, askedOf(event, listed));
      if (sameAnswer(listed, answer)) return { fate: 'unchanged' };
      if (answer.attending !== null && answer.attending > listed.countOfInvites) return keep(tx, listed.id, 'aboveInvitation', answer);
      if (hasAnswered(listed)) return keep(tx, listed.id, 'alreadyAnswered', answer);
      await recordAnswer(tx, event.id, listed, answer, { source: 'public', typedName: input.fullName });
      return { fate: 'applied' };
    }
    if (rules.mode === 'listed') return keep(tx, null, 'notListed', echo);
    if (rules.approveNewGuests) return keep(tx, null, 'approval', echo);
    if (rules.newGuestsUsed >= rules.newGuestBudget) return keep(tx, null, 'overBudget', echo);
    if ((await repo.countEventGuests(tx, event.id)) >= guestCapOf(rules)) return keep(tx, null, 'packageFull', echo);
    await addGuestWithAnswer(ctx, tx, event, input, echo);
    await countNewGuestFromLink(tx, event.id);
    return { fate: 'added' };
  });
  const { split: echoSplit, ...echoed } = echo;
  const result: PublicAnswerReceived = { received: true, fullName: input.fullName, answer: { ...echoed, ...splitFieldsOf(echoSplit), status: input.status } };
  const page = buildPage(ctx, event, 'public', input.lang, null, askedOf(event, null));
  return { page: { ...page, answer: { ...result.answer, answeredAt: new Date().toISOString() } }, result, fate: decision.fate };
};

/** A new guest from the public link (or approved by the host) with their answer; the caller holds the event's row lock. */
export const addGuestWithAnswer = async (
  ctx: AppContext,
  tx: repo.Tx,
  event: InviteEvent,
  who: { fullName: string; phoneNumber: string; lang: Lang },
  answer: StoredAnswer,
): Promise<InviteGuest> => {
  const asked = askedOf(event, null);
  const guestId = await repo.insertAnsweringGuest(
    tx,
    event.id,
    {
      fullName: who.fullName,
      phoneNumber: who.phoneNumber,
      countOfInvites: Math.max(1, answer.attending ?? 1),
      lang: who.lang,
      askMeals: asked.meals,
      askTransport: asked.transport,
    },
    newInviteLink(ctx.config.secrets.tokenPepper, 'guest'),
  );
  const created = await repo.lockInviteGuest(tx, guestId);
  if (!created) throw new Error('the new guest is missing');
  return (await recordAnswer(tx, event.id, created, answer, { source: 'public', typedName: who.fullName })).guest;
};
