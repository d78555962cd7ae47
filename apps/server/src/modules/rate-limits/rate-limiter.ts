import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db.js';
import { countHitsSince, insertHits } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowMinutes: number;
}

export interface RateLimiter {
  /** Throws RATE_LIMITED when any bucket already holds `max` hits in its window. */
  assertUnder(checks: { bucket: string; limit: Limit }[]): Promise<void>;
  record(buckets: string[]): Promise<void>;
  /** assertUnder then record: for actions where every attempt counts. */
  consume(checks: { bucket: string; limit: Limit }[]): Promise<void>;
}

/** Counts live in the database, so every API process shares them. */
export const createRateLimiter = (db: Db, enabled: boolean): RateLimiter => {
  const assertUnder: RateLimiter['assertUnder'] = async (checks) => {
    if (!enabled) return;
    for (const { bucket, limit } of checks) {
      const since = new Date(Date.now() - limit.windowMinutes * 60_000);
      if ((await countHitsSince(db, bucket, since)) >= limit.max) throw new AppError('RATE_LIMITED', 'too many attempts');
    }
  };
  const record: RateLimiter['record'] = async (buckets) => {
    if (enabled) await insertHits(db, buckets);
  };
  return {
    assertUnder,
    record,
    consume: async (checks) => {
      await assertUnder(checks);
      await record(checks.map((c) => c.bucket));
    },
  };
};
