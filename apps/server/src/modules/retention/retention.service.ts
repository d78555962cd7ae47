import type { AppContext } from '../../platform/context.js';
import { serializeError } from '../../platform/logger.js';
import { eraseAccount } from './erase-account.js';
import { eraseEventGuestData } from './erase-event.js';
import { retentionWarningEmail } from './retention-emails.js';
import * as repo from './retention.repository.js';

export type RetentionTrigger = 'daily' | 'cli';

/** What a run erased (counts only: the run row never holds an id, a name or an address). */
export interface RetentionCounts {
  events: number;
  guests: number;
  answers: number;
  messages: number;
  callAttempts: number;
  images: number;
  expenses: number;
  accountsWarned: number;
  accountsErased: number;
}

export interface RetentionRunResult {
  /** False: another run held the lock, nothing was done. */
  ran: boolean;
  dryRun: boolean;
  /** The retention_runs row (none for a dry run or a skipped one). */
  runId: string | null;
  counts: RetentionCounts;
  /** Failures, summarized (the run went on with the rest). */
  error: string | null;
  durationMs: number;
}

export const RETENTION_BATCH_SIZE = 100;
/** pg_try_advisory_lock key of the retention run ("magiim:retention"): one run at a time across every process. */
export const RETENTION_LOCK_KEY = 0x6d616769_72657431n;

const zeroCounts = (): RetentionCounts => ({
  events: 0,
  guests: 0,
  answers: 0,
  messages: 0,
  callAttempts: 0,
  images: 0,
  expenses: 0,
  accountsWarned: 0,
  accountsErased: 0,
});

/**
 * Holds a session-level advisory lock on a connection of its own for the whole run (which spans many
 * transactions); undefined when another process holds it.
 */
const withRunLock = async <T>(ctx: AppContext, work: () => Promise<T>): Promise<{ value: T } | undefined> => {
  const client = await ctx.database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [RETENTION_LOCK_KEY.toString()]);
    if (!rows[0]?.locked) return undefined;
    try {
      return { value: await work() };
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [RETENTION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
};

/**
 * Issue 22, the daily retention run: (1) events dated more than DATA_RETENTION_MONTHS calendar months ago
 * (Asia/Jerusalem) lose their guest data, a page at a time; (2) warnings made void by activity or a new event are
 * cleared; (3) accounts warned RETENTION_WARNING_DAYS ago and still unused and event-less are erased; (4) accounts
 * whose erasure is that close are warned by e-mail, once. Re-runnable (each step selects only what is still due),
 * one run at a time (an advisory lock), `now` injectable. A failure of one event or account is counted in `error`
 * and the run goes on. Records a retention_runs row (counts only) unless `dryRun`, which only counts.
 */
export const runRetention = async (
  ctx: AppContext,
  options: { trigger: RetentionTrigger; now?: Date; dryRun?: boolean; batchSize?: number },
): Promise<RetentionRunResult> => {
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const started = performance.now();
  const counts = zeroCounts();
  const failures: string[] = [];
  const fail = (what: string, error: unknown) => {
    failures.push(`${what}: ${serializeError(error).message}`.slice(0, 300));
    ctx.logger.error({ err: error }, `retention: ${what} failed`);
  };

  const locked = await withRunLock(ctx, async () => {
    if (dryRun) {
      Object.assign(counts, await repo.countEventDataToErase(ctx.db, await repo.eventCutoffDate(ctx.db, now)));
      counts.accountsErased = await repo.countAccountsToErase(ctx.db, now);
      counts.accountsWarned = await repo.countAccountsToWarn(ctx.db, now);
      return null;
    }
    const runId = await repo.insertRun(ctx.db, options.trigger);

    const cutoff = await repo.eventCutoffDate(ctx.db, now);
    for (let afterId: string | null = null; ; ) {
      const page = await repo.listEventsToErase(ctx.db, cutoff, afterId, batchSize);
      for (const eventId of page) {
        try {
          const erased = await eraseEventGuestData(ctx, eventId, { now });
          counts.events += 1;
          for (const key of ['guests', 'answers', 'messages', 'callAttempts', 'images', 'expenses'] as const) counts[key] += erased[key];
        } catch (error) {
          fail('an event', error);
        }
      }
      if (page.length < batchSize) break;
      afterId = page[page.length - 1]!;
    }

    await repo.clearVoidWarnings(ctx.db);

    for (let afterId: string | null = null; ; ) {
      const page = await repo.listAccountsToErase(ctx.db, now, afterId, batchSize);
      for (const userId of page) {
        try {
          const erased = await eraseAccount(ctx, userId, 'inactive', {
            now,
            precondition: (tx) => repo.isStillDueForErasure(tx, userId, now),
          });
          counts.accountsErased += erased.accountsErased ?? 0;
        } catch (error) {
          fail('an account erasure', error);
        }
      }
      if (page.length < batchSize) break;
      afterId = page[page.length - 1]!;
    }

    for (let afterId: string | null = null; ; ) {
      const page = await repo.listAccountsToWarn(ctx.db, now, afterId, batchSize);
      for (const account of page) {
        try {
          if (!(await repo.markWarned(ctx.db, account.id, now))) continue;
          try {
            await ctx.enqueueEmail(retentionWarningEmail(ctx.config, account, account.erasureAt));
          } catch (error) {
            await repo.unmarkWarned(ctx.db, account.id, now);
            throw error;
          }
          counts.accountsWarned += 1;
        } catch (error) {
          fail('a warning e-mail', error);
        }
      }
      if (page.length < batchSize) break;
      afterId = page[page.length - 1]!.id;
    }
    return runId;
  });

  const durationMs = Math.round(performance.now() - started);
  if (!locked) return { ran: false, dryRun, runId: null, counts, error: null, durationMs };
  const error = failures.length ? `${failures.length} failed; first: ${failures[0]}` : null;
  const runId = locked.value;
  if (runId) await repo.finishRun(ctx.db, runId, { counts: { ...counts }, error, durationMs });
  ctx.logger.info({ trigger: options.trigger, dryRun, counts, durationMs, failures: failures.length }, 'retention run');
  return { ran: true, dryRun, runId, counts, error, durationMs };
};
