import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from './test-app.js';

// Two app instances on one PostgreSQL database: an API without a worker, and a worker.
describe('API and worker in separate processes', () => {
  let api: TestApp;
  let worker: TestApp;
  beforeAll(async () => {
    api = await createTestApp({}, { worker: false });
    worker = await createTestApp({}, { worker: true }, api);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
  });

  it('an API without a worker queues the e-mail and a worker elsewhere sends it', async () => {
    const email = uniqueEmail('scale');
    const res = await api.request('POST', '/auth/register', {
      body: { fullName: 'Scale Host', email, password: 'Chuppah-2026', confirmPassword: 'Chuppah-2026', acceptTerms: true, isAdult: true, lang: 'en' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await api.waitForMail(email);
    expect(mail.subject).toBe('Verify your e-mail address for Magiim');
  });
});

describe('apps sharing one database in the suites', () => {
  it("closing the app that made the database closes the others first: a drop under a running worker cut a job's completion off", async () => {
    const owner = await createTestApp({}, { worker: false });
    const sharer = await createTestApp({}, { worker: true }, owner);
    await owner.close();
    // Ended by its own close, not cut off by the drop (which terminates connections and leaves the pool open).
    expect(sharer.ctx.database.pool.ended).toBe(true);
    await sharer.close();
  });
});
