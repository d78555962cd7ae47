import PgBoss from 'pg-boss';
import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
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
  /**
   * The payload's shape, checked before `handle` (and before a send): a job written by an older deploy, or by
   * hand, that no longer fits fails loudly with the job's name instead of reaching the handler half-read.
   */
  schema: z.ZodType<T>;
  handle(data: T): Promise<void>;
}

/** The schema of the jobs that carry nothing (cron ticks, sweeps). */
export const NO_PAYLOAD = z.object({});

/** A payload that does not fit its job's schema: the job fails with this, naming the job and the fields. */
export class JobPayloadError extends Error {
  constructor(jobName: string, issues: z.core.$ZodIssue[]) {
    super(`payload of ${jobName} does not fit its schema: ${issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`);
    this.name = 'JobPayloadError';
  }
}

/** The payload read through the job's schema, or JobPayloadError. */
export const readPayload = <T extends object>(job: Pick<JobDefinition<T>, 'name' | 'schema'>, data: unknown): T => {
  const parsed = job.schema.safeParse(data);
  if (!parsed.success) throw new JobPayloadError(job.name, parsed.error.issues);
  return parsed.data;
};

export interface Jobs {
  /** `startAfterSeconds`: the job becomes available only then (a re-check later). */
  send<T extends object>(job: JobDefinition<T>, data: T, options?: { singletonKey?: string; startAfterSeconds?: number; startAfter?: Date }): Promise<void>;
  /** Starts handling the given jobs in this process (the worker role) and schedules the periodic ones. */
  work(definitions: JobDefinition<object>[]): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

const DEADLOCK_DETECTED = '40P01';

/**
 * Every worker loop asks the database for a job each time it finds none, so an idle worker process made about 65
 * queries a second, half of them for the 17 housekeeping queues whose jobs come from a cron every minute or hour.
 * Those wait up to this long instead (a tick a few seconds late changes nothing); the queues a person waits on
 * (e-mail, sends, calls, webhooks) keep the short interval.
 */
export const CRON_POLLING_INTERVAL_SECONDS = 5;

// The message lands in pgboss.job: serializeError drops a failed query's parameters.
const errorMessageOf = (error: unknown): string => serializeError(error).message.slice(0, 500);

export const startJobs = async (options: {
  connectionString: string;
  logger: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  poolSize?: number;
}): Promise<Jobs> => {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
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
  // pg-boss 10 creates a queue in one transaction that ends by attaching the queue's table to the shared job table:
  // two creations at once deadlock and PostgreSQL ends one (an app then exited at start). In this process they take
  // turns; against another process starting at the same time, the one ended is repeated (create_queue does nothing
  // for a queue that exists).
  let creating: Promise<unknown> = Promise.resolve();
  const createQueue = (name: string, queue: Parameters<PgBoss['createQueue']>[1]) => {
    const attempt = async () => {
      for (let tries = 1; ; tries++) {
        try {
          return await boss.createQueue(name, queue);
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK_DETECTED || tries >= 8) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
        }
      }
    };
    const turn = creating.then(attempt, attempt);
    creating = turn.catch(() => undefined);
    return turn;
  };
  // The queues that existed when this process first needed one: a restart (or a test's copy of a template database)
  // then skips creating each of its ~30 queues in turn, about 30 ms apiece. Creating one that appeared since is harmless.
  let existing: Promise<Set<string>> | undefined;
  const existingQueues = () => {
    existing ??= boss.getQueues().then(
      (rows) => new Set(rows.map((row) => row.name)),
      (error: unknown) => {
        existing = undefined;
        throw error;
      },
    );
    return existing;
  };
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
    if (!(await existingQueues()).has(job.name)) await createQueue(job.name, queue);
    // createQueue leaves an existing queue as it was: a policy declared later is set on it here.
    if (job.policy) await boss.updateQueue(job.name, queue);
    created.add(job.name);
  };

  // This process's fetch loops per queue: a job sent here for one of them wakes it (below).
  const localWorkers = new Map<string, string[]>();

  return {
    boss,
    send: async (job, data, sendOptions) => {
      await ensureQueue(job as JobDefinition<object>);
      await boss.send(job.name, readPayload(job, data), {
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions?.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
      // A job due now that this process works on starts at once instead of at the loop's next poll (up to half a
      // second later for each e-mail, message or call a request hands on); other processes still find it by polling.
      if (!sendOptions?.startAfterSeconds && !sendOptions?.startAfter) {
        for (const workerId of localWorkers.get(job.name) ?? []) boss.notifyWorker(workerId);
      }
    },
    work: async (definitions) => {
      for (const definition of definitions) {
        await ensureQueue(definition);
        const batchSize = definition.batchSize ?? 1;
        for (let loop = 0; loop < (definition.workers ?? 1); loop++) {
          const workerId: string = await boss.work<object>(
            definition.name,
            { pollingIntervalSeconds: definition.cron ? Math.max(pollingIntervalSeconds, CRON_POLLING_INTERVAL_SECONDS) : pollingIntervalSeconds, batchSize },
            async (batch) => {
              // A full batch means more may be waiting: skip the poll delay (pg-boss waits after every fetch).
              if (batch.length === batchSize) boss.notifyWorker(workerId);
              // Each job succeeds or fails on its own; pg-boss then completes only those still active.
              const failures = await Promise.all(
                batch.map(async (job) => {
                  try {
                    await definition.handle(readPayload(definition, job.data));
                    return undefined;
                  } catch (error) {
                    if (error instanceof JobPayloadError) options.logger.error({ err: error, jobId: job.id }, 'job payload refused');
                    return { id: job.id, error };
                  }
                }),
              );
              for (const failure of failures) {
                if (failure) await boss.fail(definition.name, failure.id, { message: errorMessageOf(failure.error) });
              }
            },
          );
          localWorkers.set(definition.name, [...(localWorkers.get(definition.name) ?? []), workerId]);
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
