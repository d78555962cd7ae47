import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { PRUNE_RATE_LIMITS_JOB } from './rate-limit.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(async () => {
  await t?.close();
});

describe('rate-limit housekeeping', () => {
  it('is scheduled by the worker, hourly in business time', async () => {
    const schedules = await t.ctx.jobs.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: PRUNE_RATE_LIMITS_JOB, cron: '17 * * * *', timezone: 'Asia/Jerusalem' }));
  });

  it('drops hits older than a day and keeps recent ones', async () => {
    await t.ctx.db.execute(sql`insert into rate_limit_hits (bucket, created_at) values ('old', now() - interval '25 hours'), ('recent', now() - interval '1 hour')`);
    const job = t.jobDefinitions.find((d) => d.name === PRUNE_RATE_LIMITS_JOB)!;
    await job.handle({});
    const { rows } = await t.ctx.db.execute(sql`select bucket from rate_limit_hits where bucket in ('old', 'recent')`);
    expect(rows).toEqual([{ bucket: 'recent' }]);
  });
});
