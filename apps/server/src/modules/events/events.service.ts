import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  checkEventDates,
  checkEventLanguages,
  daysBetween,
  eventNamesSchema,
  INVITEE_STATUSES,
  isLang,
  MIN_DAYS_BEFORE_EVENT_TO_ORDER,
  MSG,
  type EventDateProblem,
  type eventEditSchema,
  type EventDto,
  type EventInputParsed,
  buildEventLocation,
  normalizeEventLocation,
  normalizeTransport,
  type EventLocation,
  type VenuePoint,
  type EventLocationInput,
  type LocalizedText,
  type EventNames,
  type Lang,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { isDatabaseUnavailable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { EventRole, EventRow, StoredEventImage } from '../../db/schema/events.js';
import { deleteEventImage, eventImageUrls, saveEventImage } from '../event-images/event-image.js';
import { requireEventAccess } from './event-access.js';
import * as repo from './events.repository.js';
import { newInviteLink, publicInviteUrl, type InviteLinkValues } from './invite-links.js';

const publicLinkColumns = (link: InviteLinkValues) => ({ publicSalt: link.salt, publicTokenHash: link.tokenHash });

type EventEditParsed = z.output<typeof eventEditSchema>;

/** An uploaded invitation image, as the route read it from the multipart body. */
export type ImageUpload = Buffer;

const DATE_MESSAGES: Record<EventDateProblem['code'], string> = {
  EVENT_DATE_PASSED: MSG.eventDatePassed,
  EVENT_DATE_TOO_CLOSE: MSG.eventDateTooClose(MIN_DAYS_BEFORE_EVENT_TO_ORDER),
  RSVP_START_DATE_PASSED: MSG.rsvpStartDatePassed,
  RSVP_START_AFTER_EVENT: MSG.rsvpStartAfterEvent,
};

const refuseDates = (problem: EventDateProblem | null): void => {
  if (problem) throw new AppError(problem.code, problem.code, [{ path: problem.field, message: DATE_MESSAGES[problem.code] }]);
};

/** The language rules checked on a merged edit: the same refinement the create schema runs. */
const languageRules = z
  .object({ names: eventNamesSchema, defaultLang: z.string(), langs: z.array(z.string()) })
  .superRefine(checkEventLanguages);

const refuseLanguageIssues = (value: { names: EventNames; defaultLang: string; langs: string[] }): void => {
  const result = languageRules.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    throw new AppError('VALIDATION', 'invalid input', issues);
  }
};

/** Names are kept only for the event's languages. */
const namesFor = (names: EventNames, langs: readonly Lang[]): EventNames =>
  Object.fromEntries(Object.entries(names).filter(([lang, name]) => isLang(lang) && langs.includes(lang) && name)) as EventNames;

/**
 * The place in each of the event's languages (one provider call per language, side by side), or null when
 * the id is unknown in the default language.
 */
const lookUpPlace = async (ctx: AppContext, placeId: string, langs: readonly Lang[], defaultLang: Lang) => {
  const ordered = [defaultLang, ...langs.filter((lang) => lang !== defaultLang)];
  let found;
  try {
    found = await Promise.all(ordered.map(async (lang) => ({ lang, place: await ctx.places.details(placeId, lang) })));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('PLACES_UNAVAILABLE', 'the place could not be looked up');
  }
  const first = found[0]?.place;
  if (!first) return null;
  const name: LocalizedText = {};
  const address: LocalizedText = {};
  const venue: LocalizedText = {};
  for (const { lang, place } of found) {
    if (place?.name) name[lang] = place.name;
    if (place?.address) address[lang] = place.address;
    if (place?.venue) venue[lang] = place.venue;
  }
  // A hall picked from Google Places: its own coordinates are the venue's (a city's are only its centre).
  const isVenue = Object.keys(venue).length > 0;
  return { placeId: first.placeId, lat: first.lat, lng: first.lng, name, address, venue, venuePoint: isVenue ? { lat: first.lat, lng: first.lng } : null };
};

/** The venue per event language; the first shape's `name` is the default language's venue. */
const venueOf = (input: EventLocationInput, langs: readonly Lang[], defaultLang: Lang): LocalizedText => {
  const typed: LocalizedText = input.venue ? { ...input.venue } : input.name !== undefined ? { [defaultLang]: input.name } : {};
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([lang, text]) => isLang(lang) && langs.includes(lang) && text?.trim())
      .map(([lang, text]) => [lang, text!.trim()]),
  );
};

/**
 * The place id decides: the place's names, address and coordinates come from the provider in each event
 * language, never from the client, so a location that did not come from the suggestions is refused. The
 * venue (the hall) is the host's own text per language, kept beside the place; where the host wrote none and
 * the place is a venue itself, the provider's name for it.
 */
const resolveLocation = async (
  ctx: AppContext,
  placeId: string,
  venue: LocalizedText,
  langs: readonly Lang[],
  defaultLang: Lang,
  hall: VenueHall = {},
): Promise<EventLocation> => {
  const place = await lookUpPlace(ctx, placeId.trim(), langs, defaultLang);
  if (!place) throw new AppError('LOCATION_NOT_FOUND', 'unknown place id', [{ path: 'location', message: MSG.chooseLocation }]);
  // A hall picked from the suggestions names the venue in each language the host left empty.
  const named = { ...place.venue, ...venue };
  return buildEventLocation(
    {
      placeId: place.placeId,
      lat: place.lat,
      lng: place.lng,
      venue: named,
      place: { name: place.name, address: place.address },
      // The host's pin wins; else a hall's own point from the places provider.
      venuePoint: hall.venuePoint ?? place.venuePoint,
      venueAddress: hall.venueAddress ?? '',
    },
    defaultLang,
  );
};

/** What the host says of the hall itself (issue 27 §6): its pin and street address; undefined: not given. */
type VenueHall = { venuePoint?: VenuePoint | null; venueAddress?: string };
const hallOf = (input: EventLocationInput | undefined): VenueHall => ({
  ...(input?.venuePoint !== undefined ? { venuePoint: input.venuePoint } : {}),
  ...(input?.venueAddress !== undefined ? { venueAddress: input.venueAddress.trim() } : {}),
});

type StatusCounts = Map<string, { guests: number; invitees: number; statusCounts: Record<string, number> }>;

const emptyStatusCounts = (): Record<string, number> => Object.fromEntries(INVITEE_STATUSES.map((status) => [status, 0]));

/** Guest totals for a set of events: one grouped query however many events (no query per event). */
const loadGuestCounts = async (ctx: AppContext, eventIds: string[]): Promise<StatusCounts> => {
  const counts: StatusCounts = new Map(eventIds.map((id) => [id, { guests: 0, invitees: 0, statusCounts: emptyStatusCounts() }]));
  for (const row of await repo.countGuestsByStatus(ctx.db, eventIds)) {
    const entry = counts.get(row.eventId);
    if (!entry) continue;
    entry.guests += row.guests;
    entry.invitees += row.invitees;
    entry.statusCounts[row.status] = row.guests;
  }
  return counts;
};

const toEventDto = (ctx: AppContext, event: EventRow, role: EventRole, counts: StatusCounts): EventDto => {
  const totals = counts.get(event.id) ?? { guests: 0, invitees: 0, statusCounts: emptyStatusCounts() };
  return {
    id: event.id,
    names: event.names,
    date: event.date,
    time: event.time,
    location: normalizeEventLocation(event.location, event.defaultLang),
    defaultLang: event.defaultLang,
    langs: event.langs,
    rsvpStartDate: event.rsvpStartDate,
    meals: event.meals,
    transport: normalizeTransport(event.transport),
    includeCallsPreference: event.includeCallsPreference,
    messageSystemPreference: event.messageSystemPreference === 1 ? 1 : 3,
    whatsappOverflow: event.whatsappOverflow,
    householdSplit: event.householdSplit,
    progressStatus: event.progressStatus,
    orderPackageId: event.orderPackageId,
    ...eventImageUrls(ctx.storage, event.image),
    guestCount: totals.guests,
    inviteeCount: totals.invitees,
    statusCounts: totals.statusCounts,
    role,
    publicInviteUrl: event.publicSalt ? publicInviteUrl(ctx.config.appUrl, ctx.config.secrets.tokenPepper, event.publicSalt) : '',
    createdAt: event.createdAt.toISOString(),
  };
};

const answerEvent = async (ctx: AppContext, event: EventRow, role: EventRole): Promise<EventDto> =>
  toEventDto(ctx, event, role, await loadGuestCounts(ctx, [event.id]));

const loadEvent = async (ctx: AppContext, eventId: string): Promise<EventRow> => {
  const event = await repo.findEvent(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return event;
};

const languageInUse = () =>
  new AppError('LANGUAGE_IN_USE', 'guests of this event use a removed language', [{ path: 'langs', message: MSG.invalidValue }]);

/** Saves a new image and swaps it in; the replaced files go, and a failed swap takes the new files back. */
const storeImage = async (ctx: AppContext, eventId: string, upload: ImageUpload) => {
  const image = await saveEventImage(ctx.storage, eventId, upload);
  let swapped;
  try {
    swapped = await repo.replaceEventImage(ctx.db, eventId, image);
  } catch (error) {
    await deleteEventImage(ctx.storage, image);
    throw error;
  }
  if (!swapped) {
    await deleteEventImage(ctx.storage, image);
    throw new AppError('NOT_FOUND', 'event not found');
  }
  if (swapped.previous && swapped.previous.prefix !== image.prefix) await deleteEventImage(ctx.storage, swapped.previous);
  // WhatsApp reviews the invitation template with its image header: a new image is a new review.
  await ctx.hooks.emit('eventImageChanged', eventId);
  return swapped.event;
};

export const createEvent = async (ctx: AppContext, userId: string, input: EventInputParsed, upload?: ImageUpload): Promise<EventDto> => {
  refuseDates(checkEventDates({ date: input.date, rsvpStartDate: input.rsvpStartDate }));
  const location = await resolveLocation(ctx, input.location.placeId, venueOf(input.location, input.langs, input.defaultLang), input.langs, input.defaultLang, hallOf(input.location));
  const id = randomUUID();
  // The image is processed before the transaction opens, so no connection waits on sharp.
  const image: StoredEventImage | null = upload ? await saveEventImage(ctx.storage, id, upload) : null;
  let event: EventRow;
  try {
    event = await repo.insertEventWithOwner(
      ctx.db,
      {
        id,
        names: namesFor(input.names, input.langs),
        date: input.date,
        time: input.time,
        location,
        defaultLang: input.defaultLang,
        langs: input.langs,
        rsvpStartDate: input.rsvpStartDate,
        meals: input.meals,
        transport: input.transport,
        includeCallsPreference: input.includeCallsPreference,
        messageSystemPreference: input.messageSystemPreference,
        ...(input.whatsappOverflow ? { whatsappOverflow: input.whatsappOverflow } : {}),
        ...(input.householdSplit ? { householdSplit: input.householdSplit } : {}),
        image,
        ...publicLinkColumns(newInviteLink(ctx.config.secrets.tokenPepper, 'public')),
      },
      userId,
    );
  } catch (error) {
    if (image) await deleteEventImage(ctx.storage, image);
    if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
    throw Object.assign(new AppError('EVENT_CREATE_FAILED', 'the event could not be saved'), { cause: error });
  }
  await ctx.hooks.emit('eventCreated', event.id);
  return toEventDto(ctx, event, 'owner', new Map());
};

/**
 * The location after an edit: a new place is looked up in every language; the same place keeps its names and
 * is looked up again only for a language it lacks. The venue of a removed language goes.
 */
const editedLocation = async (
  ctx: AppContext,
  current: EventRow,
  edit: EventLocationInput | undefined,
  langs: readonly Lang[],
  defaultLang: Lang,
): Promise<EventLocation | undefined> => {
  const stored = normalizeEventLocation(current.location, current.defaultLang);
  const langsChanged = langs.join() !== current.langs.join() || defaultLang !== current.defaultLang;
  if (!edit && !langsChanged) return undefined;
  const placeId = edit?.placeId.trim() ?? stored.placeId;
  // The first shape's `name` replaces the default language's venue only; the other languages' stay.
  const typed = edit?.venue ?? (edit?.name !== undefined ? { ...stored.venue, [defaultLang]: edit.name } : edit ? {} : stored.venue);
  const venue = venueOf({ placeId, venue: typed }, langs, defaultLang);
  const samePlace = placeId === stored.placeId;
  // The same place keeps its hall's pin and address unless the edit gives new ones; another place starts afresh.
  const given = hallOf(edit);
  const hall: VenueHall = samePlace ? { venuePoint: stored.venuePoint, venueAddress: stored.venueAddress, ...given } : given;
  const keepStored = () =>
    buildEventLocation({ placeId: stored.placeId, lat: stored.lat, lng: stored.lng, venue, place: stored.place, venuePoint: hall.venuePoint ?? null, venueAddress: hall.venueAddress ?? '' }, defaultLang);
  if (samePlace && langs.every((lang) => stored.place.name[lang])) return keepStored();
  if (edit) return resolveLocation(ctx, placeId, venue, langs, defaultLang, hall);
  // A language edit must not fail on the places provider: the place's names fall back to the default language.
  return resolveLocation(ctx, placeId, venue, langs, defaultLang, hall).catch(keepStored);
};

export const editEvent = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  edit: EventEditParsed,
  upload?: ImageUpload,
): Promise<EventDto> => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const current = await loadEvent(ctx, eventId);

  const langs = edit.langs ?? current.langs;
  const defaultLang = edit.defaultLang ?? current.defaultLang;
  const names = namesFor(edit.names ?? current.names, langs);
  // A name for a language being removed must not count towards the default language's name.
  refuseLanguageIssues({ names, defaultLang, langs });

  refuseDates(checkEventDates({ date: edit.date, rsvpStartDate: edit.rsvpStartDate }, { date: current.date }));
  // Moving the event before the RSVP start already set would leave the invitations after the event.
  if (edit.date !== undefined && edit.rsvpStartDate === undefined && daysBetween(current.rsvpStartDate, edit.date) < 0) {
    throw new AppError('RSVP_START_AFTER_EVENT', 'the RSVP start is after the new date', [
      { path: 'rsvpStartDate', message: DATE_MESSAGES.RSVP_START_AFTER_EVENT },
    ]);
  }
  // Removing a language some guests speak would leave them without texts (spec §5); checked early for a
  // quick answer, and again under the event's lock when the edit is written.
  const removedLangs = current.langs.filter((lang) => !langs.includes(lang));
  const inUse = removedLangs.length > 0 ? await repo.listGuestLanguages(ctx.db, eventId) : [];
  if (removedLangs.some((lang) => inUse.includes(lang))) throw languageInUse();

  const location = await editedLocation(ctx, current, edit.location, langs, defaultLang);

  const changes: repo.EventChanges = {
    names,
    langs,
    defaultLang,
    ...(edit.date !== undefined ? { date: edit.date } : {}),
    ...(edit.time !== undefined ? { time: edit.time } : {}),
    ...(location ? { location } : {}),
    ...(edit.rsvpStartDate !== undefined ? { rsvpStartDate: edit.rsvpStartDate } : {}),
    ...(edit.meals ? { meals: edit.meals } : {}),
    ...(edit.transport ? { transport: edit.transport } : {}),
    ...(edit.includeCallsPreference !== undefined ? { includeCallsPreference: edit.includeCallsPreference } : {}),
    ...(edit.messageSystemPreference !== undefined ? { messageSystemPreference: edit.messageSystemPreference } : {}),
    ...(edit.whatsappOverflow !== undefined ? { whatsappOverflow: edit.whatsappOverflow } : {}),
    ...(edit.householdSplit !== undefined ? { householdSplit: edit.householdSplit } : {}),
  };
  // The image goes first: a refused file (INVALID_IMAGE) leaves the whole edit undone.
  if (upload) await storeImage(ctx, eventId, upload);
  const event = await repo.updateEventUnlessLanguagesInUse(ctx.db, eventId, changes, removedLangs);
  if (event === 'LANGUAGE_IN_USE') throw languageInUse();
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  if (event.rsvpStartDate !== current.rsvpStartDate || event.date !== current.date || event.time !== current.time) await ctx.hooks.emit('eventScheduleChanged', eventId);
  if (event.includeCallsPreference !== current.includeCallsPreference)
    await ctx.hooks.emit('eventCallsPreferenceChanged', eventId, event.includeCallsPreference);
  return answerEvent(ctx, event, role);
};

export const listEvents = async (ctx: AppContext, userId: string): Promise<EventDto[]> => {
  const rows = await repo.listMemberEvents(ctx.db, userId);
  const counts = await loadGuestCounts(
    ctx,
    rows.map((row) => row.event.id),
  );
  return rows.map((row) => toEventDto(ctx, row.event, row.role, counts));
};

export const getEvent = async (ctx: AppContext, userId: string, eventId: string): Promise<EventDto> => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'read');
  return answerEvent(ctx, await loadEvent(ctx, eventId), role);
};

/** Spec §3: a paid or started event stays. Its image files go with it. */
export const deleteEvent = async (ctx: AppContext, userId: string, eventId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'delete');
  // A cancelled order leaves Meta templates behind until the sweep; they go with the event.
  const afterDelete = await ctx.hooks.emit('eventDeleting', eventId);
  const deleted = await repo.deleteUnpaidEvent(ctx.db, eventId);
  if (!deleted) {
    await loadEvent(ctx, eventId);
    throw new AppError('PAID_EVENT_NOT_DELETABLE', 'a paid event cannot be deleted');
  }
  if (deleted.image) await deleteEventImage(ctx.storage, deleted.image);
  for (const step of afterDelete) await step();
};

export const removeEventImage = async (ctx: AppContext, userId: string, eventId: string): Promise<EventDto> => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const swapped = await repo.replaceEventImage(ctx.db, eventId, null);
  if (!swapped) throw new AppError('NOT_FOUND', 'event not found');
  if (swapped.previous) await deleteEventImage(ctx.storage, swapped.previous);
  if (swapped.previous) await ctx.hooks.emit('eventImageChanged', eventId);
  return answerEvent(ctx, swapped.event, role);
};

/** Languages the event cannot drop: those its guests speak, and its default language. */
export const listNonRemovableLanguages = async (ctx: AppContext, userId: string, eventId: string): Promise<Lang[]> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const event = await loadEvent(ctx, eventId);
  const inUse = new Set<string>([event.defaultLang, ...(await repo.listGuestLanguages(ctx.db, eventId))]);
  return [...inUse].filter(isLang);
};

export const updateInvitationDate = async (ctx: AppContext, userId: string, eventId: string, date: string): Promise<EventDto> => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const current = await loadEvent(ctx, eventId);
  refuseDates(checkEventDates({ rsvpStartDate: date }, { date: current.date }));
  const event = await repo.updateEvent(ctx.db, eventId, { rsvpStartDate: date });
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  if (event.rsvpStartDate !== current.rsvpStartDate) await ctx.hooks.emit('eventScheduleChanged', eventId);
  return answerEvent(ctx, event, role);
};

export const setIncludeCallsPreference = async (ctx: AppContext, userId: string, eventId: string, includeCalls: boolean) => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const event = await repo.updateEvent(ctx.db, eventId, { includeCallsPreference: includeCalls });
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  await ctx.hooks.emit('eventCallsPreferenceChanged', eventId, includeCalls);
  return answerEvent(ctx, event, role);
};

export const setMessageSystemPreference = async (ctx: AppContext, userId: string, eventId: string, messageSystem: 1 | 3) => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const event = await repo.updateEvent(ctx.db, eventId, { messageSystemPreference: messageSystem });
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return answerEvent(ctx, event, role);
};

/** A new public link; the old one stops working at once. */
export const rotatePublicLink = async (ctx: AppContext, userId: string, eventId: string): Promise<{ publicInviteUrl: string }> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const link = newInviteLink(ctx.config.secrets.tokenPepper, 'public');
  await repo.updateEventColumns(ctx.db, eventId, publicLinkColumns(link));
  return { publicInviteUrl: publicInviteUrl(ctx.config.appUrl, ctx.config.secrets.tokenPepper, link.salt) };
};
