import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { knownDevices } from '../../db/schema/known-devices.js';

export const rememberDevice = async (db: Db, userId: string, deviceHash: string): Promise<void> => {
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSignInAt: sql`now()` } });
};

export const isKnownDevice = async (db: Db, userId: string, deviceHash: string): Promise<boolean> => {
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return rows.length > 0;
};

export const forgetDevices = async (db: Db, userId: string): Promise<void> => {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
};
