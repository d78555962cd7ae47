import { addDays, daysBetween, type TimedAction } from '@magiim/shared';
import { localMoment, localPartsOf, localToInstant } from '../local-time.js';
import { nextSendingMoment, sendingWindowOn, type SendingHoursMode } from '../sending-hours.js';
import { nextCallMoment } from '../call-window.js';

/** What the default timing depends on. */
export interface TimingEvent {
  /** The event day and start, YYYY-MM-DD and HH:mm, Asia/Jerusalem. */
  date: string;
  time: string;
  rsvpStartDate: string;
  orderPackageId: number | null;
  includeCallsPreference: boolean;
}

export interface DefaultTiming {
  sendAt: Date;
  enabled: boolean;
}

const HOUR_MS = 3_600_000;
const at = (hour: number) => hour * 60;
/** Rounds 2 and 3 go three and six days after the RSVP start when there is room. */
const ROUND_SPACING_DAYS = 3;
/** Two rounds pushed onto the same day keep this much apart. */
const SAME_DAY_GAP_MS = 2 * HOUR_MS;
/** An event starting before this hour gets its direction message the evening before. */
const MORNING_EVENT_BEFORE = at(13);
/** How far back the direction message may look for an open day (a holiday eve, Shabbat and a two-day holiday). */
const DIRECTION_LOOKBACK_DAYS = 5;

/** The event's start as an instant (a start in the spring-forward gap is read an hour later). */
export const eventStartOf = (event: Pick<TimingEvent, 'date' | 'time'>): Date => {
  const [hour, minute] = event.time.split(':').map(Number) as [number, number];
  const minutes = hour * 60 + minute;
  return localToInstant(event.date, minutes) ?? localMoment(event.date, minutes + 60);
};

/** Calls belong to the premium package (any package but 1) and only when the host asked for them. */
export const callsEnabledFor = (event: Pick<TimingEvent, 'orderPackageId' | 'includeCallsPreference'>): boolean =>
  event.includeCallsPreference && event.orderPackageId !== 1;

/**
 * Round days: the RSVP start, +3 and +6 days when the event is far enough; when the RSVP start is late the
 * three rounds are squeezed evenly between the RSVP start and the day before the event (never before the RSVP
 * start: the invitations do not go before the host said so). Each is moved to the next sending moment, and a
 * round that lands on or before the one before it goes two hours (in sending hours) after it. When the RSVP
 * start is the event day itself, the rounds cannot be before it; they are placed in order all the same, and the
 * host sees them on the timing page.
 */
const roundMoments = (event: TimingEvent, mode: SendingHoursMode): [Date, Date, Date] => {
  const roomDays = Math.max(0, Math.min(2 * ROUND_SPACING_DAYS, daysBetween(event.rsvpStartDate, event.date) - 1));
  const moments: Date[] = [];
  for (let round = 0; round < 3; round++) {
    const offset = Math.min(round * ROUND_SPACING_DAYS, Math.floor((round * roomDays) / 2));
    let moment = nextSendingMoment(localMoment(addDays(event.rsvpStartDate, offset), at(10)), mode);
    const previous = moments[round - 1];
    if (previous && moment <= previous) moment = nextSendingMoment(new Date(previous.getTime() + SAME_DAY_GAP_MS), mode);
    moments.push(moment);
  }
  return moments as [Date, Date, Date];
};

/**
 * The direction message: the event day at 10:00, or the evening before at 18:00 for a morning event. A day
 * without sending (Shabbat, a holiday) or a time after that day's close takes the last open day before,
 * at the wished hour clamped into its window (a Saturday-night wedding: Friday 10:00).
 */
const directionMoment = (event: TimingEvent, mode: SendingHoursMode): Date => {
  const start = eventStartOf(event);
  const morning = Number(event.time.slice(0, 2)) * 60 < MORNING_EVENT_BEFORE;
  const firstDay = morning ? addDays(event.date, -1) : event.date;
  const minutes = morning ? at(18) : at(10);
  for (let back = 0; back <= DIRECTION_LOOKBACK_DAYS; back++) {
    const day = addDays(firstDay, -back);
    const window = sendingWindowOn(day, mode);
    if (!window) continue;
    const latest = new Date(window.close.getTime() - HOUR_MS);
    const wished = localMoment(day, minutes);
    const moment = wished < window.open ? window.open : wished > latest ? latest : wished;
    if (moment < start) return moment;
  }
  return localMoment(firstDay, minutes);
};

/** Calls go this many days after round 3 (the guests had time to answer the last message). */
const CALLS_AFTER_ROUND3_DAYS = 2;

/**
 * Calls: two days after round 3 at 11:00, moved into the call window (10:00–20:00 on a sending day); when that is
 * not before the event day, the day after round 3, then two hours after round 3 (each in the call window).
 */
const callsMoment = (event: TimingEvent, round3: Date, mode: SendingHoursMode): Date => {
  const round3Day = localPartsOf(round3).date;
  const candidates = [
    nextCallMoment(localMoment(addDays(round3Day, CALLS_AFTER_ROUND3_DAYS), at(11)), mode),
    nextCallMoment(localMoment(addDays(round3Day, 1), at(11)), mode),
  ];
  const early = candidates.find((moment) => localPartsOf(moment).date < event.date);
  return early ?? nextCallMoment(new Date(round3.getTime() + SAME_DAY_GAP_MS), mode);
};

/** The save-the-date (issue 32): a month before the event, and at least a week before the RSVP start. */
const SAVE_THE_DATE_BEFORE_EVENT_DAYS = 30;
const SAVE_THE_DATE_BEFORE_RSVP_DAYS = 7;

/**
 * The save-the-date's default: 11:00 on the earlier of a month before the event and a week before the RSVP start,
 * moved to the next sending moment. Off by default: the host turns it on and may pick another day.
 */
const saveTheDateMoment = (event: TimingEvent, mode: SendingHoursMode): Date => {
  const beforeEvent = addDays(event.date, -SAVE_THE_DATE_BEFORE_EVENT_DAYS);
  const beforeRsvp = addDays(event.rsvpStartDate, -SAVE_THE_DATE_BEFORE_RSVP_DAYS);
  const wishedDay = beforeEvent < beforeRsvp ? beforeEvent : beforeRsvp;
  // A day without sending (Shabbat, a holiday) takes the last open day before it, at 11:00 clamped into its window.
  for (let back = 0; back <= DIRECTION_LOOKBACK_DAYS; back++) {
    const day = addDays(wishedDay, -back);
    const window = sendingWindowOn(day, mode);
    if (!window) continue;
    const latest = new Date(window.close.getTime() - HOUR_MS);
    const wished = localMoment(day, at(11));
    return wished < window.open ? window.open : wished > latest ? latest : wished;
  }
  return nextSendingMoment(localMoment(wishedDay, at(11)), mode);
};

/** Every action's default moment and switch for an event. */
export const defaultTimings = (event: TimingEvent, mode: SendingHoursMode): Record<TimedAction, DefaultTiming> => {
  const [round1, round2, round3] = roundMoments(event, mode);
  return {
    saveTheDate: { sendAt: saveTheDateMoment(event, mode), enabled: false },
    round1: { sendAt: round1, enabled: true },
    round2: { sendAt: round2, enabled: true },
    round3: { sendAt: round3, enabled: true },
    direction: { sendAt: directionMoment(event, mode), enabled: true },
    thanks: { sendAt: nextSendingMoment(localMoment(addDays(event.date, 1), at(11)), mode), enabled: true },
    calls: { sendAt: callsMoment(event, round3, mode), enabled: callsEnabledFor(event) },
  };
};
