import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { SEND_EMAIL_JOB } from '../modules/mail/mail.jobs.js';
import { TEMPLATE_SYNC_JOB } from '../modules/messaging/whatsapp-templates/template-sync.js';

/** Issue 30 §3: every job declares its payload's schema; one that does not fit fails loudly, naming the job. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('job payloads', () => {
  it('every job the worker runs declares a schema', () => {
    expect(t.jobDefinitions.length).toBeGreaterThan(15);
    for (const definition of t.jobDefinitions) expect(definition.schema, definition.name).toBeDefined();
  });

  it('a payload from an older deploy that no longer fits fails the job with its name and field, and reaches no handler', async () => {
    const id = await t.ctx.jobs.boss.send(SEND_EMAIL_JOB, { delivery: 'an older field name' }, { retryLimit: 0 });
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await t.ctx.jobs.boss.getJobById(SEND_EMAIL_JOB, id!))?.state, { timeout: 20_000, interval: 100 })
      .toBe('failed');
    const job = await t.ctx.jobs.boss.getJobById(SEND_EMAIL_JOB, id!);
    expect(JSON.stringify(job?.output)).toMatch(/payload of mail\.send does not fit its schema: deliveryId/);
  });

  it('a send that does not fit is refused before it is queued', async () => {
    await expect(t.ctx.jobs.send(TEMPLATE_SYNC_JOB as never, { event: 'x' } as never)).rejects.toThrow(/payload of messaging\.whatsapp-templates\.sync/);
  });
});
