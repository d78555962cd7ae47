import { and, eq, sql } from 'drizzle-orm';
import type { TimedAction } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';
import { events } from '../../../db/schema/events.js';
import { actionTimings, messagingPauses, type ActionTimingRow } from '../../../db/schema/messaging.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export const findTimingEvent = async (db: Conn, eventId: string) =>
  (
    await db
      .select({
        date: events.date,
        time: events.time,
        rsvpStartDate: events.rsvpStartDate,
        orderPackageId: events.orderPackageId,
        includeCallsPreference: events.includeCallsPreference,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0];

export const listTimings = async (db: Conn, eventId: string): Promise<ActionTimingRow[]> =>
  db.select().from(actionTimings).where(eq(actionTimings.eventId, eventId));

/** Missing rows only: a row a concurrent reader or the host wrote first stays as it is. */
export const insertMissingTimings = async (
  db: Conn,
  eventId: string,
  rows: { action: TimedAction; sendAt: Date; enabled: boolean }[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insert(actionTimings)
    .values(rows.map((row) => ({ eventId, ...row, custom: false })))
    .onConflictDoNothing();
};

/** Changes a still-scheduled action; false when the engine started it meanwhile (or it does not exist). */
export const updateScheduledTiming = async (
  db: Conn,
  eventId: string,
  action: TimedAction,
  changes: { sendAt: Date; enabled: boolean; custom: boolean },
): Promise<boolean> =>
  (
    await db
      .update(actionTimings)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(actionTimings.eventId, eventId), eq(actionTimings.action, action), eq(actionTimings.state, 'scheduled')))
      .returning({ action: actionTimings.action })
  ).length > 0;

/** Issue 32: the thank-you goes only to the guests with a gift recorded (or to every coming guest again). */
export const setThanksOnlyGivers = async (db: Conn, eventId: string, onlyGivers: boolean): Promise<void> => {
  await db
    .update(actionTimings)
    .set({ onlyGivers, updatedAt: new Date() })
    .where(and(eq(actionTimings.eventId, eventId), eq(actionTimings.action, 'thanks')));
};

/** A new default time for an action the host never moved and that has not started. */
export const moveDefaultTiming = async (db: Conn, eventId: string, action: TimedAction, sendAt: Date): Promise<void> => {
  await db
    .update(actionTimings)
    .set({ sendAt, updatedAt: new Date() })
    .where(
      and(
        eq(actionTimings.eventId, eventId),
        eq(actionTimings.action, action),
        eq(actionTimings.state, 'scheduled'),
        eq(actionTimings.custom, false),
      ),
    );
};

export const isEventPaused = async (db: Conn, eventId: string): Promise<boolean> =>
  (await db.select({ one: sql<number>`1` }).from(messagingPauses).where(eq(messagingPauses.eventId, eventId)).limit(1)).length > 0;

export const pauseEvent = async (db: Conn, eventId: string): Promise<void> => {
  await db.insert(messagingPauses).values({ eventId }).onConflictDoNothing();
};

export const resumeEvent = async (db: Conn, eventId: string): Promise<void> => {
  await db.delete(messagingPauses).where(eq(messagingPauses.eventId, eventId));
};

/** The host switched calls on or off: the call round follows while it has not started. */
export const setCallsEnabled = async (db: Conn, eventId: string, enabled: boolean): Promise<void> => {
  await db
    .update(actionTimings)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(actionTimings.eventId, eventId), eq(actionTimings.action, 'calls'), eq(actionTimings.state, 'scheduled')));
};
