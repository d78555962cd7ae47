import type { PublicAnswerItem, PublicAnswersResponse, PublicLinkState, PublicLinkMode } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import { guestCapOf } from '../guests/guests.service.js';
import { recordAnswer } from './answer-recording.js';
import * as invites from './invitations.repository.js';
import { addGuestWithAnswer } from './invitations.service.js';
import * as repo from './public-answers.repository.js';

const eventNotFound = () => new AppError('NOT_FOUND', 'event not found');
const answerNotFound = () => new AppError('NOT_FOUND', 'public answer not found');

/** The public link's settings, what it used of its budget, and what waits for the host. */
export const getPublicLink = async (ctx: AppContext, userId: string, eventId: string): Promise<PublicLinkState> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const [rules, waiting] = await Promise.all([repo.readPublicLinkRules(ctx.db, eventId), repo.countWaiting(ctx.db, eventId)]);
  if (!rules) throw eventNotFound();
  return {
    mode: rules.mode,
    approveNewGuests: rules.approveNewGuests,
    newGuestBudget: rules.newGuestBudget,
    newGuestsUsed: rules.newGuestsUsed,
    waitingGuests: waiting.guests,
    waitingAnswers: waiting.answers,
  };
};

export const setPublicLink = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  settings: { mode: PublicLinkMode; approveNewGuests: boolean; newGuestBudget: number },
): Promise<PublicLinkState> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  await repo.updatePublicLinkSettings(ctx.db, eventId, settings);
  return getPublicLink(ctx, userId, eventId);
};

export const listPublicAnswers = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  filters: { guestId?: string | undefined; kind?: 'guests' | 'answers' | undefined },
): Promise<PublicAnswersResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const rows = await repo.listPublicAnswers(ctx.db, eventId, filters);
  const items: PublicAnswerItem[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { items };
};

/**
 * The host applies a kept answer to the listed guest (never above their invitation), or approves a new phone:
 * it becomes a guest with the answer, within the package (the link's budget is the link's own, not the host's).
 * Under the event's row lock, then the guest's, like a public answer.
 */
export const applyPublicAnswer = async (ctx: AppContext, userId: string, eventId: string, answerId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const event = await invites.findInviteEvent(ctx.database.pool, eventId);
  if (!event) throw eventNotFound();
  await ctx.db.transaction(async (tx) => {
    const rules = await repo.lockEventForPublicAnswer(tx, eventId);
    if (!rules) throw eventNotFound();
    const kept = await repo.lockPublicAnswer(tx, eventId, answerId);
    if (!kept) throw answerNotFound();
    const answer = { status: kept.status, attending: kept.attending, split: kept.split, meals: kept.meals, transport: kept.transport, comments: kept.comments };
    if (kept.guestId) {
      const guest = await invites.lockInviteGuest(tx, kept.guestId);
      if (!guest) throw answerNotFound();
      if (answer.attending !== null && answer.attending > guest.countOfInvites) {
        throw new AppError('RESPONDERS_ABOVE_INVITEES', 'more people than invited');
      }
      await recordAnswer(tx, eventId, guest, answer, { source: 'public', typedName: kept.typedName });
    } else {
      if (await invites.lockGuestByPhone(tx, eventId, kept.phoneNumber)) throw new AppError('PHONE_EXISTS', 'the phone is on the list');
      if ((await invites.countEventGuests(tx, eventId)) >= guestCapOf(rules)) throw new AppError('INVITEE_LIMIT_REACHED', 'the package is full');
      await addGuestWithAnswer(ctx, tx, event, { fullName: kept.typedName, phoneNumber: kept.phoneNumber, lang: kept.lang }, answer);
    }
    await repo.deletePublicAnswer(tx, eventId, answerId);
  });
};

/** The host dismisses a kept answer (or turns a new phone away): it is deleted; the guest's own answer stays. */
export const dismissPublicAnswer = async (ctx: AppContext, userId: string, eventId: string, answerId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  if (!(await repo.deletePublicAnswer(ctx.db, eventId, answerId))) throw answerNotFound();
};
