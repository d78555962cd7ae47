import { sql } from 'drizzle-orm';
import type { HouseholdSplitMode, MealCounts, SpecialMeal } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { askedOf, isClosed, keptSplit, splitOf, type SplitInput } from './answer-rules.js';
import { hasAnswered, recordAnswer, type AnswerSource } from './answer-recording.js';
import * as repo from './invitations.repository.js';
import type { InviteEvent, InviteGuest, StoredAnswer } from './invitations.repository.js';

/** An answer given inside a channel: a WhatsApp button or list choice, an SMS digit, a key pressed on a call. */
export interface MessageAnswer {
  status: 'approved' | 'declined' | 'maybe';
  /** How many are coming (approved); absent: as they said before if they were coming, else everyone invited. */
  attending?: number;
  /**
   * Issue 32: the split of the people coming (one count is enough: the other is the rest), checked by the page's
   * rule (SPLIT_NOT_MATCHING); absent: the earlier split stays when it still adds up, else not told.
   */
  split?: SplitInput;
  /** The meals they chose (approved, when the event asks them); absent: what they said before stays (open when never answered). */
  meals?: MealCounts;
  /**
   * Transport (approved, when the event asks it): a pickup point (one of the event's options) or null, no ride
   * needed; absent: what they said before stays, open when never answered.
   */
  transport?: { option: string } | null;
}

export interface MessageAnswerOutcome {
  guest: InviteGuest;
  event: InviteEvent;
  /** A different status or head count after an earlier answer (the host sees "changed decision"). */
  changed: boolean;
  /** The event asks this guest about meals (the same rule as the page). */
  asksMeals: boolean;
  /** The event asks this guest about transport (the same rule as the page): the options to choose from. */
  asksTransport: boolean;
  /** Issue 32: the split the event asks of the people coming ('none': not asked). */
  asksSplit: HouseholdSplitMode;
}

/** Whether the follow-up asks this guest about meals: the page's rule, when the event has meals to offer. */
export const asksMealsOf = (event: InviteEvent, guest: { askMeals: boolean; askTransport: boolean }): boolean =>
  event.meals.options.length > 0 && askedOf(event, guest).meals;

/** Whether a channel asks this guest about transport: the page's rule, when the event has pickup points. */
export const asksTransportOf = (event: InviteEvent, guest: { askMeals: boolean; askTransport: boolean }): boolean =>
  event.transport.options.length > 0 && askedOf(event, guest).transport;

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const eventIdOf = async (db: Pick<AppContext['db'], 'execute'>, guestId: string): Promise<string | undefined> =>
  (await db.execute<{ eventId: string }>(sql`select event_id as "eventId" from guests where id = ${guestId}::uuid`)).rows[0]?.eventId;

const storedAnswerOf = (input: MessageAnswer, event: InviteEvent, guest: InviteGuest): StoredAnswer => {
  const wasComing = hasAnswered(guest) && guest.status === 'approved';
  if (input.status !== 'approved') {
    return { status: input.status, attending: input.status === 'declined' ? 0 : null, meals: {}, transport: null, comments: guest.answerComments };
  }
  const max = Math.max(1, guest.countOfInvites);
  const earlier = wasComing && guest.attending !== null && guest.attending > 0 ? guest.attending : null;
  const attending = Math.min(max, Math.max(1, input.attending ?? earlier ?? max));
  const asksMeals = asksMealsOf(event, guest);
  const asksTransport = asksTransportOf(event, guest);
  let meals: MealCounts = wasComing ? guest.answerMeals : {};
  let mealsOpen = asksMeals && (wasComing ? guest.answerMealsOpen : true);
  if (input.meals && asksMeals) {
    meals = {};
    mealsOpen = false;
    for (const [meal, count] of Object.entries(input.meals) as [SpecialMeal, number | undefined][]) {
      if (count && count > 0 && event.meals.options.includes(meal)) meals = { ...meals, [meal]: Math.min(count, attending) };
    }
  }
  let transport = wasComing ? guest.answerTransport : null;
  let transportOpen = asksTransport && (wasComing ? guest.answerTransportOpen : true);
  if (input.transport !== undefined && asksTransport && (input.transport === null || event.transport.options.includes(input.transport.option))) {
    transport = input.transport ? { option: input.transport.option } : null;
    transportOpen = false;
  }
  const split = input.split ? splitOf(event.householdSplit, 'approved', attending, input.split) : keptSplit(event.householdSplit, wasComing ? guest.answerSplit : null, attending);
  return { status: 'approved', attending, split, meals, transport, comments: guest.answerComments, mealsOpen, transportOpen };
};

/**
 * A guest's answer from inside a channel, through the page's rules: under the guest's row lock, recorded with
 * history, changed decision and the host's notification (recordAnswer: the same answer twice changes nothing),
 * refused with ANSWERS_CLOSED once the event's day has passed. Undefined when the guest no longer exists.
 */
export const answerFromMessage = async (
  ctx: AppContext,
  guestId: string,
  input: MessageAnswer,
  source: Extract<AnswerSource, 'whatsapp' | 'sms' | 'call'>,
  /** A caller's transaction (a webhook's): the answer commits with the rest of its work, or not at all. */
  inTx?: Tx,
): Promise<MessageAnswerOutcome | undefined> => {
  const eventId = await eventIdOf(inTx ?? ctx.db, guestId);
  const event = eventId ? await repo.findInviteEvent(ctx.database.pool, eventId) : undefined;
  if (!event) return undefined;
  if (isClosed(event)) throw new AppError('ANSWERS_CLOSED', 'answers are closed');
  const apply = async (tx: Tx) => {
    const current = await repo.lockInviteGuest(tx, guestId);
    if (!current) return undefined;
    const { guest, changed } = await recordAnswer(tx, event.id, current, storedAnswerOf(input, event, current), { source });
    return { guest, event, changed, asksMeals: asksMealsOf(event, guest), asksTransport: asksTransportOf(event, guest), asksSplit: event.householdSplit };
  };
  return inTx ? apply(inTx) : ctx.db.transaction(apply);
};
