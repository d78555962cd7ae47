import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { cohostInvitations } from '../../db/schema/dashboard.js';
import { eventMembers, events, type EventRole } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

/** An invitation that can still be accepted: not accepted, not revoked, not expired. */
const isOpen = (now: Date) =>
  and(isNull(cohostInvitations.acceptedAt), isNull(cohostInvitations.revokedAt), gt(cohostInvitations.expiresAt, now));

export const listMembers = async (db: Conn, eventId: string) =>
  db
    .select({ userId: users.id, fullName: users.fullName, email: users.email, role: eventMembers.role, joinedAt: eventMembers.createdAt })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(eq(eventMembers.eventId, eventId))
    .orderBy(sql`${eventMembers.role} = 'owner' desc`, asc(eventMembers.createdAt));

export const listOpenInvitations = async (db: Conn, eventId: string, now = new Date()) =>
  db
    .select({ id: cohostInvitations.id, email: cohostInvitations.email, createdAt: cohostInvitations.createdAt, expiresAt: cohostInvitations.expiresAt })
    .from(cohostInvitations)
    .where(and(eq(cohostInvitations.eventId, eventId), isOpen(now)))
    .orderBy(asc(cohostInvitations.createdAt));

/** The event's row lock: invitations and members of one event change one at a time. */
export const lockEvent = async (tx: Tx, eventId: string): Promise<boolean> =>
  (await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update')).length > 0;

export const findMemberByEmail = async (db: Conn, eventId: string, email: string): Promise<{ userId: string } | undefined> =>
  (
    await db
      .select({ userId: eventMembers.userId })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .where(and(eq(eventMembers.eventId, eventId), eq(users.email, email)))
      .limit(1)
  )[0];

export const countMembers = async (db: Conn, eventId: string): Promise<number> =>
  (await db.select({ n: count() }).from(eventMembers).where(eq(eventMembers.eventId, eventId)))[0]?.n ?? 0;

/**
 * The open (not accepted, not revoked) invitation of an address, expired or not: the partial unique index
 * allows one, so an expired one is renewed in place rather than inserted beside.
 */
export const findPendingInvitation = async (db: Conn, eventId: string, email: string) =>
  (
    await db
      .select()
      .from(cohostInvitations)
      .where(and(eq(cohostInvitations.eventId, eventId), eq(cohostInvitations.email, email), isNull(cohostInvitations.acceptedAt), isNull(cohostInvitations.revokedAt)))
      .limit(1)
  )[0];

export const countOpenInvitations = async (db: Conn, eventId: string, now = new Date()): Promise<number> =>
  (await db.select({ n: count() }).from(cohostInvitations).where(and(eq(cohostInvitations.eventId, eventId), isOpen(now))))[0]?.n ?? 0;

export const insertInvitation = async (
  db: Conn,
  values: { eventId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
) => (await db.insert(cohostInvitations).values(values).returning())[0]!;

/** Re-inviting replaces the link: the old token's hash is gone, so the old link answers INVITE_LINK_INVALID. */
export const renewInvitation = async (db: Conn, id: string, values: { tokenHash: string; invitedBy: string; expiresAt: Date }) =>
  (await db.update(cohostInvitations).set({ ...values, createdAt: new Date() }).where(eq(cohostInvitations.id, id)).returning())[0]!;

export const revokeInvitation = async (db: Conn, eventId: string, invitationId: string, now = new Date()): Promise<boolean> =>
  (
    await db
      .update(cohostInvitations)
      .set({ revokedAt: now })
      .where(and(eq(cohostInvitations.eventId, eventId), eq(cohostInvitations.id, invitationId), isNull(cohostInvitations.acceptedAt), isNull(cohostInvitations.revokedAt)))
      .returning({ id: cohostInvitations.id })
  ).length > 0;

export const findMemberRole = async (db: Conn, eventId: string, userId: string): Promise<EventRole | undefined> =>
  (
    await db
      .select({ role: eventMembers.role })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId)))
      .limit(1)
  )[0]?.role;

/** Removes a co-host (never the owner: the role is in the WHERE clause). */
export const deleteCohost = async (db: Conn, eventId: string, userId: string): Promise<boolean> =>
  (
    await db
      .delete(eventMembers)
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId), eq(eventMembers.role, 'cohost')))
      .returning({ userId: eventMembers.userId })
  ).length > 0;

/** An invitation by its link, with what its page shows. */
export const findInvitationByToken = async (db: Conn, tokenHash: string) =>
  (
    await db
      .select({
        invitation: cohostInvitations,
        eventNames: events.names,
        defaultLang: events.defaultLang,
        eventDate: events.date,
        inviterName: users.fullName,
      })
      .from(cohostInvitations)
      .innerJoin(events, eq(events.id, cohostInvitations.eventId))
      .leftJoin(users, eq(users.id, cohostInvitations.invitedBy))
      .where(eq(cohostInvitations.tokenHash, tokenHash))
      .limit(1)
  )[0];

/** The same, under its row lock (accepting). */
export const lockInvitationByToken = async (tx: Tx, tokenHash: string) =>
  (await tx.select().from(cohostInvitations).where(eq(cohostInvitations.tokenHash, tokenHash)).for('update'))[0];

export const markAccepted = async (tx: Tx, invitationId: string, userId: string, now = new Date()): Promise<void> => {
  await tx.update(cohostInvitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(cohostInvitations.id, invitationId));
};

export const insertCohost = async (tx: Tx, eventId: string, userId: string): Promise<void> => {
  await tx.insert(eventMembers).values({ eventId, userId, role: 'cohost' });
};

export const findUserContact = async (db: Conn, userId: string) =>
  (await db.select({ fullName: users.fullName, email: users.email, lang: users.lang }).from(users).where(eq(users.id, userId)).limit(1))[0];

export const findEventForMail = async (db: Conn, eventId: string) =>
  (await db.select({ names: events.names, defaultLang: events.defaultLang }).from(events).where(eq(events.id, eventId)).limit(1))[0];

export const findOwner = async (db: Conn, eventId: string) =>
  (
    await db
      .select({ fullName: users.fullName, email: users.email, lang: users.lang })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.role, 'owner')))
      .limit(1)
  )[0];
