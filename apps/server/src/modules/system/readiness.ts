import type { z } from 'zod';
import type { healthResponseSchema } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { pingDatabase } from '../../platform/db.js';

/** A probe waits no longer than this for either part: a hung database is "down", not a hung probe. */
export const READINESS_TIMEOUT_MS = 2_000;

type HealthResponse = z.infer<typeof healthResponseSchema>;

const within = async (work: () => Promise<unknown>, timeoutMs: number): Promise<'ok' | 'down'> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
};

/**
 * One query on pg-boss's own connections. pg-boss answers nothing (no rows, no error) once its pool is closed or
 * before it started, so a missing row counts as down too.
 */
const queueAnswers = async (jobs: AppContext['jobs']): Promise<void> => {
  const result = (await jobs.boss.getDb().executeSql('select version from pgboss.version limit 1', [])) as { rows?: unknown[] } | undefined;
  if (!result?.rows?.length) throw new Error('the job queue is not open');
};

/**
 * Readiness: one round trip on the API's pool, and one on the job queue's own pool (pg-boss's connections, to its
 * schema: a queue whose pool or tables are gone cannot take the e-mails and messages requests queue).
 */
export const checkReadiness = async (ctx: Pick<AppContext, 'database' | 'jobs'>, timeoutMs = READINESS_TIMEOUT_MS): Promise<HealthResponse> => {
  const [database, queue] = await Promise.all([
    within(() => pingDatabase(ctx.database), timeoutMs),
    within(() => queueAnswers(ctx.jobs), timeoutMs),
  ]);
  return { status: database === 'ok' && queue === 'ok' ? 'ok' : 'unavailable', database, queue };
};
