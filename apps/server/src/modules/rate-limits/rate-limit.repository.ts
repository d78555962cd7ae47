import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { rateLimitHits } from '../../db/schema/rate-limits.js';

export const countHitsSince = async (db: Db, bucket: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
  return row?.n ?? 0;
};

export const insertHits = async (db: Db, buckets: string[]): Promise<void> => {
  if (buckets.length) await db.insert(rateLimitHits).values(buckets.map((bucket) => ({ bucket })));
};

export const deleteHitsBefore = async (db: Db, before: Date): Promise<void> => {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
};
