import PgBoss from 'pg-boss';
import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import type { FastifyBaseLogger } from 'fastify';
import { serializeError } from './logger.js';

/** A background job: its queue name, its retry policy and its handler. Features declare theirs in <feature>.jobs.ts. */
export interface JobDefinition<T extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Cron expression in business time (Asia/Jerusalem) for housekeeping jobs the worker schedules. */
  cron?: string;
  /** Jobs fetched per poll and run side by side (default 1). */
  batchSize?: number;
  /** Fetch loops per worker process (default 1). */
  workers?: number;
  /** A job still active after this is failed and retried (pg-boss default: 15 minutes). */
  expireInSeconds?: number;
  /**
   * The queue's pg-boss policy (default 'standard'). 'short': at most one job per singletonKey waits in the queue (a
   * further send with that key while one waits is dropped; one already running does not count) — a singletonKey
   * alone de-duplicates nothing on a standard queue. Every send to a 'short' queue must carry a singletonKey.
   */
  policy?: 'standard' | 'short';
  handle(data: T): Promise<void>;
}

export interface Jobs {
  send<T extends object>(job: JobDefinition<T>, data: T, options?: { singletonKey?: string }): Promise<void>;
  /** Starts handling the given jobs in this process (the worker role) and schedules the periodic ones. */
  work(definitions: JobDefinition<object>[]): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

// The message lands in pgboss.job: serializeError drops a failed query's parameters.
const errorMessageOf = (error: unknown): string => serializeError(error).message.slice(0, 500);

export const startJobs = async (options: {
  connectionString: string;
  logger: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  poolSize?: number;
}): Promise<Jobs> => {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.poolSize ?? 4,
    // Finished jobs leave the live table within a minute and the archive within a day: job rows are
    // transport, not records (what must be kept lives in feature tables).
    archiveCompletedAfterSeconds: 60,
    deleteAfterDays: 1,
  });
  let stopping = false;
  // Connections cut while the queue shuts down are expected; anything else is worth an error line.
  boss.on('error', (error) => {
    if (!stopping) options.logger.error({ err: error }, 'job queue error');
  });
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (job: JobDefinition<object>) => {
    if (created.has(job.name)) return;
    const queue = {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      ...(job.policy ? { policy: job.policy } : {}),
    };
    await boss.createQueue(job.name, queue);
    // createQueue leaves an existing queue as it was: a policy declared later is set on it here.
    if (job.policy) await boss.updateQueue(job.name, queue);
    created.add(job.name);
  };

  return {
    boss,
    send: async (job, data, sendOptions) => {
      await ensureQueue(job as JobDefinition<object>);
      await boss.send(job.name, data, {
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    work: async (definitions) => {
      for (const definition of definitions) {
        await ensureQueue(definition);
        const batchSize = definition.batchSize ?? 1;
        for (let loop = 0; loop < (definition.workers ?? 1); loop++) {
          const workerId: string = await boss.work<object>(
            definition.name,
            { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize },
            async (batch) => {
              // A full batch means more may be waiting: skip the poll delay (pg-boss waits after every fetch).
              if (batch.length === batchSize) boss.notifyWorker(workerId);
              // Each job succeeds or fails on its own; pg-boss then completes only those still active.
              const failures = await Promise.all(
                batch.map(async (job) => {
                  try {
                    await definition.handle(job.data);
                    return undefined;
                  } catch (error) {
                    return { id: job.id, error };
                  }
                }),
              );
              for (const failure of failures) {
                if (failure) await boss.fail(definition.name, failure.id, { message: errorMessageOf(failure.error) });
              }
            },
          );
        }
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: BUSINESS_TIME_ZONE });
      }
    },
    stop: async () => {
      stopping = true;
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
};
