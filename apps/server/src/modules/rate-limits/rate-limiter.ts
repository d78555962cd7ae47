import type { ApiErrorBody } from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db.js';
import { hashToken } from '../../platform/tokens.js';
import { deleteBucket, deleteHits, insertHits, readBucket, withBucketLocks, type BucketState } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowMinutes: number;
  /**
   * Slow down before locking: once the window holds `after` hits, the next one must wait
   * `baseSeconds * 2^(hits - after)` after the latest (capped by the window).
   */
  backoff?: { after: number; baseSeconds: number };
}

export interface LimitCheck {
  bucket: string;
  limit: Limit;
}

/** A counted hit that can be taken back, for flows that count only failures ("reserve, then refund on success"). */
export interface Consumed {
  refund(): Promise<void>;
}

export interface RateLimiter {
  /** Decides and counts in one atomic step per bucket set: N parallel callers never pass more than `max`. */
  consume(checks: LimitCheck[]): Promise<Consumed>;
  /**
   * Counts distinct members per bucket (e.g. phones answered from one address): a member already counted in the
   * window passes without counting again; a new one passes only while the bucket holds fewer than `max`.
   * Decided and counted under the bucket's lock, like `consume`.
   */
  consumeDistinct(check: LimitCheck & { member: string }): Promise<void>;
  /** Read only: throws RATE_LIMITED when a bucket is full or backing off. */
  check(checks: LimitCheck[]): Promise<void>;
  /** Counts hits without deciding (e.g. a failure that must count even though the attempt was let through). */
  record(buckets: string[]): Promise<void>;
  /** Forgets a bucket's hits (e.g. the account's failed sign-ins once its owner reset the password). */
  clear(bucket: string): Promise<void>;
}

/** 429 with the seconds until the bucket frees: the body carries `retryAfterSeconds`, the reply a Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'too many attempts, try again later');
  }
  override toBody(): ApiErrorBody & { retryAfterSeconds: number } {
    return { ...super.toBody(), retryAfterSeconds: this.retryAfterSeconds };
  }
  override headers(): Record<string, string> {
    return { 'retry-after': String(this.retryAfterSeconds) };
  }
}

/** Seconds until one more hit would pass, or 0 when it passes now. */
export const secondsUntilFree = (limit: Limit, state: BucketState): number => {
  const windowSeconds = limit.windowMinutes * 60;
  if (state.count >= limit.max) return Math.max(1, Math.ceil(windowSeconds - (state.oldestAgeSeconds ?? 0)));
  if (limit.backoff && state.count >= limit.backoff.after) {
    const wait = Math.min(windowSeconds, limit.backoff.baseSeconds * 2 ** (state.count - limit.backoff.after));
    const left = wait - (state.newestAgeSeconds ?? wait);
    if (left > 0) return Math.ceil(left);
  }
  return 0;
};

const NOTHING: Consumed = { refund: async () => {} };

/**
 * The stored name of a bucket: bucket names carry e-mail addresses and IPs (`reset:<email>`), so the table
 * holds only their keyed hash.
 */
export const storedBucketOf = (bucket: string, pepper: string): string => hashToken(`rate-limit:${bucket}`, pepper);

/** Counts live in the database, so every API process shares them. */
export const createRateLimiter = (db: Db, enabled: boolean, pepper: string): RateLimiter => {
  const stored = (bucket: string) => storedBucketOf(bucket, pepper);
  const refuseIfFull = async (tx: Parameters<typeof readBucket>[0], checks: LimitCheck[]) => {
    let wait = 0;
    for (const { bucket, limit } of checks) {
      const state = await readBucket(tx, { bucket: stored(bucket), windowMinutes: limit.windowMinutes, max: limit.max });
      wait = Math.max(wait, secondsUntilFree(limit, state));
    }
    if (wait > 0) throw new RateLimitedError(wait);
  };
  return {
    consume: async (checks) => {
      if (!enabled || !checks.length) return NOTHING;
      const buckets = checks.map((c) => stored(c.bucket));
      const ids = await withBucketLocks(db, buckets, async (tx) => {
        await refuseIfFull(tx, checks);
        return insertHits(tx, buckets);
      });
      return { refund: () => deleteHits(db, ids) };
    },
    consumeDistinct: async ({ bucket, limit, member }) => {
      if (!enabled) return;
      const counted = stored(bucket);
      // The member's own bucket says whether it was counted in this window; the lock is the counted bucket's.
      const seen = stored(`${bucket}\n${member}`);
      await withBucketLocks(db, [counted], async (tx) => {
        const mine = await readBucket(tx, { bucket: seen, windowMinutes: limit.windowMinutes, max: 1 });
        if (mine.count > 0) return;
        await refuseIfFull(tx, [{ bucket, limit }]);
        await insertHits(tx, [counted, seen]);
      });
    },
    check: async (checks) => {
      if (enabled) await refuseIfFull(db, checks);
    },
    record: async (buckets) => {
      if (enabled) await insertHits(db, buckets.map(stored));
    },
    clear: async (bucket) => {
      if (enabled) await deleteBucket(db, stored(bucket));
    },
  };
};
