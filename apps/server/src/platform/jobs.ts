import PgBoss from 'pg-boss';
import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import type { FastifyBaseLogger } from 'fastify';

/** A background job: its queue name, its retry policy and its handler. Features declare theirs in <feature>.jobs.ts. */
export interface JobDefinition<T extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Cron expression in business time (Asia/Jerusalem) for housekeeping jobs the worker schedules. */
  cron?: string;
  handle(data: T): Promise<void>;
}

export interface Jobs {
  send<T extends object>(job: JobDefinition<T>, data: T, options?: { singletonKey?: string }): Promise<void>;
  /** Starts handling the given jobs in this process (the worker role) and schedules the periodic ones. */
  work(definitions: JobDefinition<object>[]): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

export const startJobs = async (options: {
  connectionString: string;
  logger: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}): Promise<Jobs> => {
  const boss = new PgBoss({ connectionString: options.connectionString, max: 4 });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (job: JobDefinition<object>) => {
    if (created.has(job.name)) return;
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
    });
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
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    work: async (definitions) => {
      for (const definition of definitions) {
        await ensureQueue(definition);
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            if (job) await definition.handle(job.data);
          },
        );
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: BUSINESS_TIME_ZONE });
      }
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
};
