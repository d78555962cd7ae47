import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { databaseUrlFor } from '../../test/database-url.js';
import { CRON_POLLING_INTERVAL_SECONDS, NO_PAYLOAD, startJobs, type JobDefinition, type Jobs } from './jobs.js';

/**
 * An API process and a worker starting together on a new database both create the job queues. pg-boss 10 creates a
 * queue in one transaction that ends by attaching its table to the shared job table: two at once deadlocked and
 * PostgreSQL ended one (a browser run's app exited at start with "deadlock detected" in pgboss.create_queue).
 */
const adminUrl = inject('adminDatabaseUrl');
const name = `magiim_queues_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
const processes: Jobs[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
});

afterAll(async () => {
  await Promise.all(processes.map((jobs) => jobs.stop()));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const queue = (n: number): JobDefinition<object> => ({
  name: `queues-test.q${n}`,
  retryLimit: 0,
  retryDelaySeconds: 1,
  schema: NO_PAYLOAD,
  handle: async () => {},
});

describe('job queues', () => {
  it('are created by several processes at once, each queue once, without a deadlock', async () => {
    const connectionString = databaseUrlFor(adminUrl, name);
    const logger = pino({ level: 'silent' });
    processes.push(await startJobs({ connectionString, logger }), await startJobs({ connectionString, logger }));
    const definitions = Array.from({ length: 16 }, (_, n) => queue(n));
    // Every process sends to every queue at once: the first send of each name creates its queue.
    const results = await Promise.allSettled(processes.flatMap((jobs) => definitions.map((definition) => jobs.send(definition, {}))));
    expect(results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
    const created = (await processes[0]!.boss.getQueues()).map((row) => row.name).filter((queueName) => queueName.startsWith('queues-test.'));
    expect(created.sort()).toEqual(definitions.map((definition) => definition.name).sort());
    for (const definition of definitions) expect(await processes[0]!.boss.getQueueSize(definition.name)).toBe(2);
  });

  it('poll the housekeeping queues a cron fills every few seconds and the others every half second', async () => {
    const jobs = await startJobs({ connectionString: databaseUrlFor(adminUrl, name), logger: pino({ level: 'silent' }) });
    processes.push(jobs);
    const polling = new Map<string, number | undefined>();
    const work = jobs.boss.work.bind(jobs.boss);
    vi.spyOn(jobs.boss, 'work').mockImplementation(((queueName: string, options: { pollingIntervalSeconds?: number }, handler: never) => {
      polling.set(queueName, options.pollingIntervalSeconds);
      return work(queueName, options, handler);
    }) as never);
    await jobs.work([
      { ...queue(100), name: 'queues-test.mail' },
      { ...queue(101), name: 'queues-test.prune', cron: '17 4 * * *' },
    ]);
    expect(CRON_POLLING_INTERVAL_SECONDS).toBeGreaterThan(0.5);
    expect(Object.fromEntries(polling)).toEqual({ 'queues-test.mail': 0.5, 'queues-test.prune': CRON_POLLING_INTERVAL_SECONDS });
  });

  it('are not created again by a process that starts where they exist, whose jobs still run', async () => {
    const connectionString = databaseUrlFor(adminUrl, name);
    const logger = pino({ level: 'silent' });
    const handled: string[] = [];
    const definitions: JobDefinition<object>[] = [300, 301].map((n) => ({ ...queue(n), handle: async () => void handled.push(`q${n}`) }));
    const first = await startJobs({ connectionString, logger });
    processes.push(first);
    await first.work(definitions);
    const restarted = await startJobs({ connectionString, logger });
    processes.push(restarted);
    const createQueue = vi.spyOn(restarted.boss, 'createQueue');
    await first.stop();
    await restarted.work(definitions);
    expect(createQueue).not.toHaveBeenCalled();
    for (const definition of definitions) await restarted.send(definition, {});
    await expect.poll(() => handled.sort(), { timeout: 20_000 }).toEqual(['q300', 'q301']);
  });

  it('start a job sent by this process at once, not at the next poll; a delayed one waits for its time', async () => {
    // A minute between polls: a job found only by polling would miss the 20 s deadline below.
    const jobs = await startJobs({ connectionString: databaseUrlFor(adminUrl, name), logger: pino({ level: 'silent' }), pollingIntervalSeconds: 60 });
    processes.push(jobs);
    const handled: string[] = [];
    const handledNow = (label: string) => expect.poll(() => handled, { timeout: 20_000, interval: 20 }).toContain(label);
    const definition: JobDefinition<{ label: string }> = {
      ...queue(200),
      schema: z.object({ label: z.string() }),
      handle: async ({ label }) => {
        handled.push(label);
      },
    };
    await jobs.work([definition as JobDefinition<object>]);
    // Each send finds the loop waiting for its next poll (the first one's fetch found nothing, the next one's found
    // the job before it).
    for (const label of ['first', 'second', 'third']) {
      await jobs.send(definition, { label });
      await handledNow(label);
    }
    await jobs.send(definition, { label: 'later' }, { startAfterSeconds: 30 });
    await jobs.send(definition, { label: 'fourth' });
    await handledNow('fourth');
    expect(handled).toEqual(['first', 'second', 'third', 'fourth']);
  });
});
