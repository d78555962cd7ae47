import { RSVP_ANSWERS, type AnswerSource, type GuestAnswerStatus, type Lang, type NotificationType } from '@magiim/shared';
import * as repo from './invitations.repository.js';
import type { InviteGuest, StoredAnswer } from './invitations.repository.js';

export type { AnswerSource };

export const sameAnswer = (guest: InviteGuest, answer: StoredAnswer): boolean =>
  guest.answeredAt !== null &&
  guest.status === answer.status &&
  guest.attending === answer.attending &&
  JSON.stringify(guest.answerSplit) === JSON.stringify(answer.split ?? null) &&
  JSON.stringify(guest.answerMeals) === JSON.stringify(answer.meals) &&
  JSON.stringify(guest.answerTransport) === JSON.stringify(answer.transport) &&
  guest.answerTransportOpen === (answer.transportOpen ?? false) &&
  guest.answerMealsOpen === (answer.mealsOpen ?? false) &&
  guest.answerComments === answer.comments;

const isRsvp = (status: string): status is (typeof RSVP_ANSWERS)[number] => (RSVP_ANSWERS as readonly string[]).includes(status);

/** The guest gave an answer (on their link, by message, or earlier through the public link). */
export const hasAnswered = (guest: InviteGuest): boolean => guest.answeredAt !== null && (isRsvp(guest.status) || guest.status === 'wrongNumber');

export interface AnswerOrigin {
  /** The page (personal, public), a WhatsApp button or list, an SMS reply (1 / 2 / 3). */
  source: AnswerSource;
  /** The name typed on the public page. */
  typedName?: string;
  /** The page language the guest chose (their messages follow it). */
  lang?: Lang | undefined;
}

/**
 * Stores an answer under the guest's row lock (the caller holds it): the same answer twice changes nothing (no
 * history, no notification); a different status or head count after an earlier answer marks a changed decision.
 */
export const recordAnswer = async (
  tx: repo.Tx,
  eventId: string,
  guest: InviteGuest,
  answer: StoredAnswer,
  origin: AnswerOrigin,
): Promise<{ guest: InviteGuest; changed: boolean }> => {
  if (sameAnswer(guest, answer)) return { guest, changed: false };
  const previousStatus: GuestAnswerStatus | null = hasAnswered(guest) ? (guest.status as GuestAnswerStatus) : null;
  const changed =
    previousStatus !== null && isRsvp(previousStatus) && (previousStatus !== answer.status || guest.attending !== answer.attending);
  const changedDecision = guest.changedDecision || changed;
  const { lang } = origin;
  const answeredAt = await repo.saveGuestAnswer(tx, guest.id, answer, { changedDecision, ...(lang ? { lang } : {}) });
  await repo.insertAnswerHistory(tx, {
    eventId,
    guestId: guest.id,
    previousStatus,
    changed,
    source: origin.source,
    typedName: origin.typedName ?? null,
    ...answer,
  });
  const type: NotificationType = changed ? 'changedDecision' : answer.status;
  await repo.bumpNotification(tx, eventId, type);
  return {
    guest: {
      ...guest,
      status: answer.status,
      attending: answer.attending,
      answerSplit: answer.split ?? null,
      answerMeals: answer.meals,
      answerTransport: answer.transport,
      answerTransportOpen: answer.transportOpen ?? false,
      answerMealsOpen: answer.mealsOpen ?? false,
      answerComments: answer.comments,
      answeredAt,
      changedDecision,
      ...(lang ? { lang } : {}),
    },
    changed,
  };
};
