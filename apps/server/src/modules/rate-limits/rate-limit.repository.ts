import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { rateLimitHits } from '../../db/schema/rate-limits.js';

export interface BucketWindow {
  bucket: string;
  windowMinutes: number;
  max: number;
}

export interface BucketState {
  count: number;
  /**
   * Seconds since the hit whose leaving the window brings the count below `max` (the oldest one unless the
   * bucket holds more than `max`); null when the window is empty.
   */
  oldestAgeSeconds: number | null;
  /** Seconds since the newest hit (null when the window is empty). */
  newestAgeSeconds: number | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The callers in this process for a set of buckets, one after another: a burst on one bucket waits here instead
 * of holding a pool connection each while it waits for the bucket's lock (30 answers from one address held all
 * ten, and other visitors waited for a connection until they got 503). Other processes still meet at the lock.
 */
const turns = new WeakMap<Db, Map<string, Promise<unknown>>>();
const inTurn = async <T>(db: Db, key: string, work: () => Promise<T>): Promise<T> => {
  let queue = turns.get(db);
  if (!queue) turns.set(db, (queue = new Map()));
  const mine = (queue.get(key) ?? Promise.resolve()).then(work);
  const settled = mine.catch(() => undefined);
  queue.set(key, settled);
  try {
    return await mine;
  } finally {
    if (queue.get(key) === settled) queue.delete(key);
  }
};

/**
 * Runs `decide` while holding a transaction-scoped advisory lock on every bucket (taken in sorted order, so two
 * callers never deadlock): whatever it reads and inserts is one atomic step for those buckets.
 */
export const withBucketLocks = async <T>(db: Db, buckets: string[], decide: (tx: Tx) => Promise<T>): Promise<T> => {
  const sorted = [...new Set(buckets)].sort();
  return inTurn(db, sorted.join('\n'), () =>
    db.transaction(async (tx) => {
      for (const bucket of sorted) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${bucket}`}))`);
      }
      return decide(tx);
    }),
  );
};

/**
 * Ages are measured at the read (clock_timestamp(), not now(): now() is the transaction's start, which for a
 * caller queued on the bucket's lock can be long before its decision).
 */
export const readBucket = async (tx: Tx | Db, { bucket, windowMinutes, max }: BucketWindow): Promise<BucketState> => {
  const result = await tx.execute<{ n: string; oldest: string | null; newest: string | null }>(sql`
    with at as (select clock_timestamp() as t)
    select count(*) as n,
           extract(epoch from (select t from at) - (array_agg(created_at order by created_at))[greatest(count(*) - ${max} + 1, 1)]) as oldest,
           extract(epoch from (select t from at) - max(created_at)) as newest
      from ${rateLimitHits}
     where bucket = ${bucket} and created_at > (select t from at) - make_interval(mins => ${windowMinutes})`);
  const row = result.rows[0];
  return {
    count: Number(row?.n ?? 0),
    oldestAgeSeconds: row?.oldest == null ? null : Number(row.oldest),
    newestAgeSeconds: row?.newest == null ? null : Number(row.newest),
  };
};

export const insertHits = async (tx: Tx | Db, buckets: string[]): Promise<number[]> => {
  if (!buckets.length) return [];
  // Stamped when counted (under the lock), not at the transaction's start: a back-off counts from the moment the
  // previous attempt passed, whatever the time it waited for the lock.
  const rows = await tx
    .insert(rateLimitHits)
    .values(buckets.map((bucket) => ({ bucket, createdAt: sql`clock_timestamp()` })))
    .returning({ id: rateLimitHits.id });
  return rows.map((r) => r.id);
};

export const deleteHits = async (db: Db, ids: number[]): Promise<void> => {
  if (ids.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
};

export const deleteBucket = async (db: Db, bucket: string): Promise<void> => {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
};

export const deleteHitsBefore = async (db: Db, before: Date): Promise<void> => {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
};
