import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { buyPackage } from '../billing/billing-test-kit.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { RETENTION_WARNING_SUBJECTS } from './retention-emails.js';
import { runRetentionCli } from './retention-cli.js';
import { createDataRetentionJobs, DATA_RETENTION_JOB } from './retention.jobs.js';
import { RETENTION_LOCK_KEY, runRetention, type RetentionRunResult } from './retention.service.js';
import { fileExists, guestDataLeft, seedGuestData } from './retention-test-kit.js';

const DAY = 86_400_000;
const COUNT_KEYS = ['accountsErased', 'accountsWarned', 'answers', 'callAttempts', 'events', 'expenses', 'guests', 'images', 'messages'];

const setEventDate = (t: TestApp, eventId: string, date: string) => t.ctx.db.execute(sql`update events set date = ${date} where id = ${eventId}`);
const erasedAt = async (t: TestApp, eventId: string) =>
  (await t.ctx.db.execute<{ at: Date | null }>(sql`select guest_data_erased_at as at from events where id = ${eventId}`)).rows[0]?.at ?? null;
const cliOutput = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
};

describe('event guest data, six calendar months after the date', () => {
  let t: TestApp;
  // 00:30 on 15 March 2031 in Jerusalem, still 14 March in UTC (and the suite runs in Asia/Kathmandu): the cutoff
  // is 15 September 2030 only on the business calendar.
  const NOW = new Date('2031-03-14T22:30:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    useFakePlaces(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('erases an event 6 months + 1 day past (orders kept) and leaves one 6 months − 1 day past', async () => {
    const { token } = await signUpHost(t);
    const past = await createEvent(t, token);
    const pastData = await seedGuestData(t, token, past);
    const order = await buyPackage(t, token, past);
    const recent = await createEvent(t, token);
    const recentData = await seedGuestData(t, token, recent);
    const edge = await createEvent(t, token);
    await seedGuestData(t, token, edge);
    await setEventDate(t, past, '2030-09-14');
    await setEventDate(t, recent, '2030-09-16');
    // Exactly six months: not yet "more than" six months.
    await setEventDate(t, edge, '2030-09-15');

    const dry = await runRetention(t.ctx, { trigger: 'cli', now: NOW, dryRun: true });
    expect(dry).toMatchObject({ ran: true, dryRun: true, runId: null });
    expect(dry.counts).toMatchObject({ events: 1, guests: 2, answers: 3, messages: 2, callAttempts: 1, images: 1, expenses: 1 });
    expect(await erasedAt(t, past)).toBeNull();

    const result = await runRetention(t.ctx, { trigger: 'cli', now: NOW });
    expect(result.counts).toMatchObject({ events: 1, guests: 2, answers: 3, messages: 2, callAttempts: 1, images: 1, expenses: 1 });
    expect(result.error).toBeNull();

    expect(Object.values(await guestDataLeft(t, past)).every((n) => n === 0)).toBe(true);
    expect(await fileExists(t, pastData.imageKey)).toBe(false);
    expect(await erasedAt(t, past)).not.toBeNull();
    const { rows: orders } = await t.ctx.db.execute<{ status: string }>(sql`select status from orders where id = ${order.id}`);
    expect(orders[0]?.status).toBe('paid');
    // The event row stays with its date, names and package (only an erased account's events are blanked).
    const { rows: kept } = await t.ctx.db.execute<{ date: string; order_package_id: number | null; names: object }>(
      sql`select date, order_package_id, names from events where id = ${past}`,
    );
    expect(kept[0]).toMatchObject({ date: '2030-09-14' });
    expect(kept[0]!.order_package_id).not.toBeNull();
    expect(Object.keys(kept[0]!.names).length).toBeGreaterThan(0);

    for (const eventId of [recent, edge]) {
      expect(await erasedAt(t, eventId)).toBeNull();
      expect(await guestDataLeft(t, eventId)).toMatchObject({ guests: 2, answers: 2, messages: 2, callAttempts: 1, expenses: 1, images: 1, checkinArrivals: 1, checkinCodes: 1, checkinUshers: 1, seatingTables: 1, giftLedger: 2 });
    }
    expect(await fileExists(t, recentData.imageKey)).toBe(true);

    // The host still sees the erased event, now without guests.
    const guests = await t.request('GET', `/guests/list/${past}`, { token });
    expect(guests.statusCode).toBe(200);
    expect(guests.body).not.toContain('Dana Levi');

    // Re-runnable: the next run finds nothing more to erase.
    const again = await runRetention(t.ctx, { trigger: 'cli', now: NOW });
    expect(again.counts.events).toBe(0);

    // The run row holds counts only.
    const { rows: runs } = await t.ctx.db.execute<{ trigger: string; counts: Record<string, unknown>; error: string | null; duration_ms: number | null; finished_at: Date | null }>(
      sql`select trigger, counts, error, duration_ms, finished_at from retention_runs where id = ${result.runId}`,
    );
    expect(runs[0]).toMatchObject({ trigger: 'cli', error: null });
    expect(runs[0]!.finished_at).not.toBeNull();
    expect(runs[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(runs[0]!.counts).sort()).toEqual(COUNT_KEYS);
    expect(Object.values(runs[0]!.counts).every((value) => typeof value === 'number')).toBe(true);
    expect(runs[0]!.counts).toMatchObject({ events: 1, guests: 2 });
  });

  it('counts calendar months: on 31 August the cutoff is the end of February', async () => {
    const { token } = await signUpHost(t);
    const before = await createEvent(t, token);
    const on = await createEvent(t, token);
    await setEventDate(t, before, '2031-02-27');
    await setEventDate(t, on, '2031-02-28');
    await runRetention(t.ctx, { trigger: 'cli', now: new Date('2031-08-31T09:00:00Z') });
    expect(await erasedAt(t, before)).not.toBeNull();
    expect(await erasedAt(t, on)).toBeNull();
  });

  it('two runs at once erase once', async () => {
    const { token } = await signUpHost(t);
    const first = await createEvent(t, token);
    const second = await createEvent(t, token);
    await seedGuestData(t, token, first);
    await seedGuestData(t, token, second);
    await setEventDate(t, first, '2030-01-10');
    await setEventDate(t, second, '2030-01-11');
    const results: RetentionRunResult[] = await Promise.all([
      runRetention(t.ctx, { trigger: 'daily', now: NOW }),
      runRetention(t.ctx, { trigger: 'daily', now: NOW }),
    ]);
    // Without the lock both would take the same events and count each twice.
    expect(results[0]!.counts.events + results[1]!.counts.events).toBe(2);
    expect(results[0]!.counts.guests + results[1]!.counts.guests).toBe(4);
    // Pages of one: the batching goes on until nothing is left.
    const third = await createEvent(t, token);
    const fourth = await createEvent(t, token);
    await setEventDate(t, third, '2030-01-12');
    await setEventDate(t, fourth, '2030-01-13');
    const paged = await runRetention(t.ctx, { trigger: 'daily', now: NOW, batchSize: 1 });
    expect(paged.counts.events).toBe(2);
  });

  it('a run finds the lock held by another process and does nothing', async () => {
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token);
    await setEventDate(t, eventId, '2030-02-01');
    const other = await t.ctx.database.pool.connect();
    try {
      await other.query('select pg_advisory_lock($1::bigint)', [RETENTION_LOCK_KEY.toString()]);
      const before = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from retention_runs`)).rows[0]!.n;
      const skipped = await runRetention(t.ctx, { trigger: 'daily', now: NOW });
      expect(skipped).toMatchObject({ ran: false, runId: null });
      expect(await erasedAt(t, eventId)).toBeNull();
      expect((await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from retention_runs`)).rows[0]!.n).toBe(before);
      const busy = cliOutput();
      expect(await runRetentionCli(['run'], () => t.config, busy.output, { now: NOW })).toBe(1);
      expect(busy.err.join('\n')).toMatch(/in progress/);
    } finally {
      await other.query('select pg_advisory_unlock($1::bigint)', [RETENTION_LOCK_KEY.toString()]);
      other.release();
    }
    expect((await runRetention(t.ctx, { trigger: 'daily', now: NOW })).ran).toBe(true);
    expect(await erasedAt(t, eventId)).not.toBeNull();
  });

  it('the daily job is scheduled and records a daily run', async () => {
    const [job] = createDataRetentionJobs(t.ctx);
    expect(job).toMatchObject({ name: DATA_RETENTION_JOB, cron: expect.any(String) });
    await job!.handle({});
    const { rows } = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from retention_runs where trigger = 'daily' and finished_at is not null`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('npm run admin -- retention run prints what it erased; runs lists the runs', async () => {
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token);
    await seedGuestData(t, token, eventId);
    await setEventDate(t, eventId, '2029-05-01');

    const dry = cliOutput();
    expect(await runRetentionCli(['run', '--dry-run'], () => t.config, dry.output, { now: NOW })).toBe(0);
    expect(dry.out.join('\n')).toMatch(/events erased\s+1\n\s+guests\s+2/);
    expect(await erasedAt(t, eventId)).toBeNull();

    const run = cliOutput();
    expect(await runRetentionCli(['run'], () => t.config, run.output, { now: NOW })).toBe(0);
    const printed = run.out.join('\n');
    expect(printed).toMatch(/events erased\s+1\n/);
    expect(printed).toMatch(/guests\s+2\n/);
    expect(printed).toMatch(/expenses\s+1\n/);
    expect(run.err).toEqual([]);
    expect(await erasedAt(t, eventId)).not.toBeNull();

    const runs = cliOutput();
    expect(await runRetentionCli(['runs', '3'], () => t.config, runs.output)).toBe(0);
    expect(runs.out[0]).toMatch(/ cli .*events=1 guests=2 /);

    const bad = cliOutput();
    expect(await runRetentionCli(['erase', 'everything'], () => t.config, bad.output)).toBe(2);
    expect(bad.err.join('\n')).toMatch(/Usage/);
    expect(await runRetentionCli(['run', '--dry'], () => t.config, cliOutput().output)).toBe(2);
    expect(await runRetentionCli(['runs', 'many'], () => t.config, cliOutput().output)).toBe(2);
  });
});

describe('unused accounts: a warning, then the erasure', () => {
  let t: TestApp;
  // The real clock: a sign-in stamps the real time, and every moment below is counted from it.
  let T0: Date;
  const at = (days: number) => new Date(T0.getTime() + days * DAY);
  const userIdOf = async (email: string) => (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;
  const stateOf = async (userId: string) =>
    (
      await t.ctx.db.execute<{ warned: Date | null; erased: Date | null; email: string }>(
        sql`select retention_warned_at as warned, erased_at as erased, email from users where id = ${userId}`,
      )
    ).rows[0]!;
  const setLastActive = (userId: string, when: Date) =>
    t.ctx.db.execute(sql`update users set last_active_at = ${when.toISOString()}::timestamptz where id = ${userId}`);
  const warningsTo = async (email: string, lang: 'he' | 'en' | 'ru' | 'ar' = 'he') =>
    ((await t.request('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`)).json() as { messages: { subject: string; text: string }[] }).messages.filter(
      (mail) => mail.subject === RETENTION_WARNING_SUBJECTS[lang],
    );

  beforeAll(async () => {
    t = await createTestApp();
    useFakePlaces(t);
    T0 = new Date();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('warns once, in the account language, then erases 30 days after the warning', async () => {
    const host = await signUpHost(t, { lang: 'en', fullName: 'Gil Quiet' });
    const userId = await userIdOf(host.email);
    await setLastActive(userId, at(-160));

    const first = await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    expect(first.counts.accountsWarned).toBeGreaterThanOrEqual(1);
    expect((await stateOf(userId)).warned).not.toBeNull();
    const mail = await t.waitForMail(host.email, (m) => m.subject === RETENTION_WARNING_SUBJECTS.en);
    expect(mail.text).toContain('Gil Quiet');
    expect(mail.text).toContain('http://magiim.test/login');
    // The erasure date: 30 days after the warning, on the business calendar.
    const due = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jerusalem' }).format(at(30));
    expect(mail.text).toContain(due);

    await runRetention(t.ctx, { trigger: 'daily', now: at(1) });
    await runRetention(t.ctx, { trigger: 'daily', now: at(29) });
    expect((await stateOf(userId)).erased).toBeNull();

    const erased = await runRetention(t.ctx, { trigger: 'daily', now: at(30) });
    expect(erased.counts.accountsErased).toBeGreaterThanOrEqual(1);
    const state = await stateOf(userId);
    expect(state.erased).not.toBeNull();
    expect(state.email).toBe(`erased-${userId}@erased.invalid`);
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(401);
    // Still exactly one warning.
    expect(await warningsTo(host.email, 'en')).toHaveLength(1);
  });

  it('a sign-in clears the warning and keeps the account', async () => {
    const host = await signUpHost(t, { fullName: 'Ruth Back' });
    const userId = await userIdOf(host.email);
    await setLastActive(userId, at(-170));
    await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    expect((await stateOf(userId)).warned).not.toBeNull();
    await t.waitForMail(host.email, (m) => m.subject === RETENTION_WARNING_SUBJECTS.he);

    const login = await t.request('POST', '/auth/login', { body: { email: host.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await stateOf(userId)).warned).toBeNull();

    await runRetention(t.ctx, { trigger: 'daily', now: at(31) });
    await runRetention(t.ctx, { trigger: 'daily', now: at(60) });
    const state = await stateOf(userId);
    expect(state.erased).toBeNull();
    expect(state.warned).toBeNull();
    expect(await warningsTo(host.email)).toHaveLength(1);
  });

  it('activity after the warning (a session in use) voids it, and a later silence is warned again', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    await setLastActive(userId, at(-200));
    await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    expect((await stateOf(userId)).warned).not.toBeNull();
    // The session was used a day after the warning (session touches move last_active_at, not the warning).
    await setLastActive(userId, at(1));
    await runRetention(t.ctx, { trigger: 'daily', now: at(40) });
    expect(await stateOf(userId)).toMatchObject({ warned: null, erased: null });
    // Silent again for 170 days: a new warning, and no erasure before its own 30 days.
    await runRetention(t.ctx, { trigger: 'daily', now: at(171) });
    expect((await stateOf(userId)).warned).not.toBeNull();
    await runRetention(t.ctx, { trigger: 'daily', now: at(200) });
    expect((await stateOf(userId)).erased).toBeNull();
    await runRetention(t.ctx, { trigger: 'daily', now: at(201) });
    expect((await stateOf(userId)).erased).not.toBeNull();
  });

  it('never erases an account that has an event, however long unused', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    await createEvent(t, host.token);
    await setLastActive(userId, at(-400));
    await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    await runRetention(t.ctx, { trigger: 'daily', now: at(40) });
    expect(await stateOf(userId)).toMatchObject({ warned: null, erased: null });
    expect(await warningsTo(host.email)).toHaveLength(0);
  });

  it('never warns or erases an administrator', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    await t.ctx.db.execute(sql`update users set role = 'admin' where id = ${userId}`);
    await setLastActive(userId, at(-400));
    await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    await runRetention(t.ctx, { trigger: 'daily', now: at(40) });
    expect(await stateOf(userId)).toMatchObject({ warned: null, erased: null });
  });

  it('does not warn an account whose erasure is more than 30 days away', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    await setLastActive(userId, at(-100));
    await runRetention(t.ctx, { trigger: 'daily', now: T0 });
    expect((await stateOf(userId)).warned).toBeNull();
  });
});
