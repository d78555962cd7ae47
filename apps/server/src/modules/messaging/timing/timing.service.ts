import {
  addDays,
  MSG,
  TIMED_ACTIONS,
  type ActionTiming,
  type ActionTimingsResponse,
  type ApiErrorIssue,
  type TimedAction,
  type actionTimingPatchSchema,
} from '@magiim/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { AppError, OutsideSendingHoursError } from '../../../platform/errors.js';
import type { ActionTimingRow } from '../../../db/schema/messaging.js';
import { requireEventAccess } from '../../events/event-access.js';
import { startAction } from '../engine/start-action.js';
import { formatLocalDateTime, localPartsOf, parseLocalDateTime } from '../local-time.js';
import { isSendingAllowed, nextSendingMoment } from '../sending-hours.js';
import { defaultTimings, eventStartOf, type TimingEvent } from './default-timing.js';
import * as repo from './timing.repository.js';
import { kickDispatch } from '../engine/dispatch-job.js';
import { kickTemplateSync } from '../whatsapp-templates/template-sync.js';

type TimingPatch = z.output<typeof actionTimingPatchSchema>;

const ROUNDS: readonly TimedAction[] = ['round1', 'round2', 'round3'];
/** The thank-you goes within this many days after the event day. */
const THANKS_WINDOW_DAYS = 7;

const modeOf = (ctx: AppContext) => ctx.config.messaging.sendingHours;

const loadEvent = async (ctx: AppContext, eventId: string): Promise<TimingEvent> => {
  const event = await repo.findTimingEvent(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return event;
};

/** The event's timing rows, the missing ones created with the defaults first (lazily, race-free). */
const ensureTimings = async (ctx: AppContext, eventId: string, event?: TimingEvent): Promise<ActionTimingRow[]> => {
  const rows = await repo.listTimings(ctx.db, eventId);
  const missing = TIMED_ACTIONS.filter((action) => !rows.some((row) => row.action === action));
  if (missing.length === 0) return rows;
  const defaults = defaultTimings(event ?? (await loadEvent(ctx, eventId)), modeOf(ctx));
  await repo.insertMissingTimings(
    ctx.db,
    eventId,
    missing.map((action) => ({ action, ...defaults[action] })),
  );
  return repo.listTimings(ctx.db, eventId);
};

const toActionTiming = (row: ActionTimingRow): ActionTiming => ({
  action: row.action,
  sendAt: formatLocalDateTime(row.sendAt),
  enabled: row.enabled,
  custom: row.custom,
  state: row.state === 'scheduled' && !row.enabled ? 'disabled' : row.state,
  startedAt: row.startedAt ? row.startedAt.toISOString() : null,
  ...(row.action === 'thanks' ? { onlyGivers: row.onlyGivers } : {}),
});

const answer = async (ctx: AppContext, eventId: string): Promise<ActionTimingsResponse> => {
  const rows = await ensureTimings(ctx, eventId);
  const order = (action: TimedAction) => TIMED_ACTIONS.indexOf(action);
  return {
    actions: rows.sort((a, b) => order(a.action) - order(b.action)).map(toActionTiming),
    paused: await repo.isEventPaused(ctx.db, eventId),
    sendingHours: modeOf(ctx),
  };
};

export const getActionTimings = async (ctx: AppContext, userId: string, eventId: string): Promise<ActionTimingsResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  return answer(ctx, eventId);
};

/** Called right after an event is created: its timing rows with the defaults (the first GET would make them too). */
export const createDefaultTimings = async (ctx: AppContext, eventId: string): Promise<void> => {
  try {
    await ensureTimings(ctx, eventId);
  } catch (error) {
    ctx.logger.warn({ err: error, eventId }, 'default timings not created; the first read creates them');
  }
};

/**
 * The RSVP start date or the event date moved: every action the host never moved by hand and that has not
 * started takes its new default time.
 */
export const moveDefaultTimings = async (ctx: AppContext, eventId: string): Promise<void> => {
  const event = await loadEvent(ctx, eventId);
  const defaults = defaultTimings(event, modeOf(ctx));
  const rows = await repo.listTimings(ctx.db, eventId);
  for (const row of rows) {
    if (row.custom || row.state !== 'scheduled') continue;
    if (row.sendAt.getTime() !== defaults[row.action].sendAt.getTime()) await repo.moveDefaultTiming(ctx.db, eventId, row.action, defaults[row.action].sendAt);
  }
};

interface Change {
  index: number;
  action: TimedAction;
  sendAt: Date;
  enabled: boolean;
  moved: boolean;
}

/** The rules of a moved action against the event and the other actions (after the change). */
const checkChanges = (changes: Change[], rows: Map<TimedAction, ActionTimingRow>, event: TimingEvent, now: Date, ctx: AppContext): void => {
  const issues: ApiErrorIssue[] = [];
  let outside: OutsideSendingHoursError | undefined;
  const issue = (change: Change, message: string) => issues.push({ path: `actions.${change.index}.sendAt`, message });
  const start = eventStartOf(event);
  const after = new Map<TimedAction, { sendAt: Date; enabled: boolean }>();
  for (const [action, row] of rows) after.set(action, { sendAt: row.sendAt, enabled: row.enabled });
  for (const change of changes) after.set(change.action, change);

  // The save-the-date (issue 32): checked when it is moved or turned on, and when round 1 moves before it.
  const saveTheDate = after.get('saveTheDate');
  const round1 = after.get('round1');
  const stdChange = changes.find((c) => c.action === 'saveTheDate');
  const stdTurnedOn = stdChange && stdChange.enabled && (stdChange.moved || !rows.get('saveTheDate')?.enabled);
  if (saveTheDate?.enabled && (stdTurnedOn || changes.some((c) => c.action === 'round1' && c.moved))) {
    const target = stdChange ?? changes.find((c) => c.action === 'round1')!;
    const tooLate = localPartsOf(saveTheDate.sendAt).date >= event.rsvpStartDate || (round1 !== undefined && saveTheDate.sendAt >= round1.sendAt);
    if (stdTurnedOn && !stdChange.moved && saveTheDate.sendAt <= now) issue(target, MSG.sendAtPassed);
    else if (tooLate) issue(target, MSG.saveTheDateAfterRsvpStart);
  }

  for (const change of changes.filter((c) => c.moved)) {
    const { sendAt, action } = change;
    if (sendAt <= now) {
      issue(change, MSG.sendAtPassed);
      continue;
    }
    if (!isSendingAllowed(sendAt, modeOf(ctx))) outside ??= new OutsideSendingHoursError(formatLocalDateTime(nextSendingMoment(sendAt, modeOf(ctx))));
    const day = localPartsOf(sendAt).date;
    if (action === 'saveTheDate') continue;
    if (ROUNDS.includes(action) || action === 'calls') {
      if (day >= event.date) issue(change, MSG.roundAfterEventDay);
    }
    if (ROUNDS.includes(action)) {
      // Against the other enabled rounds, as they will be after this patch.
      const index = ROUNDS.indexOf(action);
      const outOfOrder = ROUNDS.some((other, otherIndex) => {
        const timing = after.get(other);
        if (other === action || !timing?.enabled) return false;
        return otherIndex < index ? timing.sendAt >= sendAt : timing.sendAt <= sendAt;
      });
      if (outOfOrder) issue(change, MSG.roundsOutOfOrder);
    }
    if (action === 'direction' && sendAt >= start) issue(change, MSG.directionAfterEvent);
    if (action === 'thanks' && (sendAt <= start || day > addDays(event.date, THANKS_WINDOW_DAYS))) issue(change, MSG.thanksOutsideWindow);
  }
  if (issues.length > 0) throw new AppError('VALIDATION', 'invalid input', issues);
  if (outside) throw outside;
};

export const patchActionTimings = async (ctx: AppContext, userId: string, eventId: string, patch: TimingPatch): Promise<ActionTimingsResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const event = await loadEvent(ctx, eventId);
  const rows = new Map((await ensureTimings(ctx, eventId, event)).map((row) => [row.action, row]));

  const seen = new Set<TimedAction>();
  const duplicates: ApiErrorIssue[] = [];
  const changes: Change[] = patch.actions.map((item, index) => {
    if (seen.has(item.action)) duplicates.push({ path: `actions.${index}.action`, message: MSG.invalidValue });
    seen.add(item.action);
    const row = rows.get(item.action)!;
    const sendAt = parseLocalDateTime(item.sendAt, `actions.${index}.sendAt`);
    // The list shows minutes: a sendAt given back as shown is not a move.
    const moved = item.sendAt !== formatLocalDateTime(row.sendAt);
    return { index, action: item.action, sendAt: moved ? sendAt : row.sendAt, enabled: item.enabled, moved };
  });
  if (duplicates.length > 0) throw new AppError('VALIDATION', 'invalid input', duplicates);
  const effective = changes.filter((change) => change.moved || change.enabled !== rows.get(change.action)!.enabled);
  if (effective.some((change) => rows.get(change.action)!.state !== 'scheduled')) {
    throw new AppError('ACTION_ALREADY_STARTED', 'an action that started cannot be changed');
  }
  checkChanges(effective, rows, event, new Date(), ctx);

  // Issue 32: "only to guests who gave" on the thank-you (read when its recipients are frozen at the start).
  const givers = patch.actions.find((item) => item.action === 'thanks' && item.onlyGivers !== undefined);
  if (givers && givers.onlyGivers !== rows.get('thanks')!.onlyGivers && rows.get('thanks')!.state !== 'scheduled') {
    throw new AppError('ACTION_ALREADY_STARTED', 'an action that started cannot be changed');
  }

  await ctx.db.transaction(async (tx) => {
    if (givers?.onlyGivers !== undefined) await repo.setThanksOnlyGivers(tx, eventId, givers.onlyGivers);
    for (const change of effective) {
      const custom = rows.get(change.action)!.custom || change.moved;
      const updated = await repo.updateScheduledTiming(tx, eventId, change.action, { sendAt: change.sendAt, enabled: change.enabled, custom });
      if (!updated) throw new AppError('ACTION_ALREADY_STARTED', 'an action that started cannot be changed');
    }
  });
  // The save-the-date turned on: its WhatsApp templates are made now, weeks before it goes (issue 32).
  if (effective.some((change) => change.action === 'saveTheDate' && change.enabled)) {
    await kickTemplateSync(ctx, eventId).catch((error: unknown) => ctx.logger.warn({ err: error, eventId }, 'template sync not queued; its sweep catches up'));
  }
  return answer(ctx, eventId);
};

export const pauseSending = async (ctx: AppContext, userId: string, eventId: string, paused: boolean): Promise<ActionTimingsResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  if (paused) await repo.pauseEvent(ctx.db, eventId);
  else {
    await repo.resumeEvent(ctx.db, eventId);
    // The held rows go at once, not at the dispatcher's next idle check.
    await kickDispatch(ctx);
  }
  return answer(ctx, eventId);
};

/** Starts an action now, by hand: only inside the sending hours (the engine refuses unpaid and paused events). */
export const startActionNow = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  action: TimedAction,
  now = new Date(),
): Promise<ActionTimingsResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  if (!isSendingAllowed(now, modeOf(ctx))) throw new OutsideSendingHoursError(formatLocalDateTime(nextSendingMoment(now, modeOf(ctx))));
  await ensureTimings(ctx, eventId);
  if (action === 'calls') await ctx.hooks.emit('callRoundRequested', eventId);
  else await startAction(ctx, eventId, action, { by: 'host' });
  return answer(ctx, eventId);
};
