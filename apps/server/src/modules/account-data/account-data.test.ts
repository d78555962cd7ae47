import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { sql } from 'drizzle-orm';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { buyPackage } from '../billing/billing-test-kit.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest } from '../guests/guest-test-kit.js';
import { findUserById } from '../users/users.repository.js';
import { deleteAccount, safeFileName } from './account-data.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
});

afterAll(async () => {
  await t?.close();
});

const userIdOf = async (email: string): Promise<string> =>
  (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;

const count = async (query: ReturnType<typeof sql>): Promise<number> => (await t.ctx.db.execute<{ n: number }>(query)).rows[0]!.n;

const setEventDate = (eventId: string, date: string) => t.ctx.db.execute(sql`update events set date = ${date}::date where id = ${eventId}`);

/** The download's entries, read with yauzl, in the shape the checks below use. */
const unzip = async (data: Buffer) => {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, opened) => (error || !opened ? reject(error ?? new Error('no zip')) : resolve(opened))),
  );
  const contents = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error('unreadable'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          contents.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      }),
    );
    zip.readEntry();
  });
  return {
    files: Object.fromEntries([...contents.keys()].map((name) => [name, { dir: name.endsWith('/') }])),
    file: (name: string) => {
      const data = contents.get(name);
      if (!data) return null;
      const entry: { async(kind: 'string'): Promise<string>; async(kind: 'nodebuffer'): Promise<Buffer> } = {
        async: ((kind: 'string' | 'nodebuffer') => Promise.resolve(kind === 'string' ? data.toString('utf8') : data)) as never,
      };
      return entry;
    },
  };
};

const download = async (token: string) => {
  const res = await t.request('GET', '/user/export', { token });
  expect(res.statusCode, res.body).toBe(200);
  return { res, zip: await unzip(res.rawPayload) };
};

/** Column A of the sheet below its title row: the guests' names. */
const namesInSheet = async (file: Buffer): Promise<string[]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const names: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) names.push(String(row.getCell(1).value));
  });
  return names;
};

describe('GET /user/export', () => {
  // Each event's guest sheet is written in a thread of its own, which starts through tsx from the sources: about 25 s
  // in all on the loaded two-core machine.
  it("zips the account, the events owned or co-hosted with their guest sheets and the user's orders; nobody else's", { timeout: 90_000 }, async () => {
    const host = await signUpHost(t, { fullName: 'Noa Export', lang: 'en' });
    const hostId = await userIdOf(host.email);
    const other = await signUpHost(t, { fullName: 'Other Host' });

    const wedding = await createEvent(t, host.token, { names: { he: 'החתונה', en: 'Our wedding' }, date: addDays(todayInBusinessZone(), 50) });
    const dana = await addGuest(t, host.token, wedding, { fullName: 'Dana Levi' });
    await addGuest(t, host.token, wedding, { fullName: 'Yossi Mizrahi' });
    // Issue 31: a door record and an usher link of the event.
    await t.ctx.db.execute(sql`insert into checkin_arrivals (guest_id, event_id, people) values (${dana.id}, ${wedding}, 2)`);
    await t.ctx.db.execute(sql`insert into checkin_ushers (event_id, token_hash, expires_at) values (${wedding}, 'usher-hash-export', now() + interval '1 day')`);
    // Issue 31 (seating): a table with Dana at it.
    const seat = await t.ctx.db.execute<{ id: string }>(sql`insert into seating_tables (event_id, number, name, capacity) values (${wedding}, 7, 'Family', 10) returning id`);
    await t.ctx.db.execute(sql`update guests set table_id = ${seat.rows[0]!.id} where id = ${dana.id}`);
    const order = await buyPackage(t, host.token, wedding);
    // A name nobody could type in the form: a folder separator and a right-to-left override.
    const tricky = await createEvent(t, host.token, { date: addDays(todayInBusinessZone(), 80) });
    await t.ctx.db.execute(sql`update events set names = ${JSON.stringify({ en: '../Bar\u202eslx.exe/mitzvah' })}::jsonb where id = ${tricky}`);

    const othersPrivate = await createEvent(t, other.token, { names: { he: 'סוד', en: 'Secret party' } });
    await addGuest(t, other.token, othersPrivate, { fullName: 'Hidden Guest' });
    await buyPackage(t, other.token, othersPrivate);
    const cohosted = await createEvent(t, other.token, { names: { he: 'בר מצווה', en: 'Bar mitzvah' }, date: addDays(todayInBusinessZone(), 70) });
    await addGuest(t, other.token, cohosted, { fullName: 'Shared Guest' });
    const othersOrder = await buyPackage(t, other.token, cohosted);
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${cohosted}, ${hostId}, 'cohost')`);

    const { res, zip } = await download(host.token);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="magiim-data-${todayInBusinessZone()}.zip"`);

    const files = Object.keys(zip.files).sort();
    const weddingSheet = `Our wedding ${addDays(todayInBusinessZone(), 50)}.xlsx`;
    const cohostedSheet = `Bar mitzvah ${addDays(todayInBusinessZone(), 70)}.xlsx`;
    const trickySheet = files.find((name) => name.includes('mitzvah') && name !== cohostedSheet)!;
    expect(files).toEqual(['account.json', cohostedSheet, 'events.json', trickySheet, weddingSheet].sort());
    expect(trickySheet).toBe(`Bar slx.exe mitzvah ${addDays(todayInBusinessZone(), 80)}.xlsx`);

    const account = JSON.parse(await zip.file('account.json')!.async('string')) as Record<string, unknown>;
    expect(account).toMatchObject({ fullName: 'Noa Export', email: host.email, language: 'en', signInWithPassword: true, emailVerified: true });
    expect(typeof account.createdAt).toBe('string');
    expect(typeof account.lastActiveAt).toBe('string');
    // The profile and nothing else: no hash, token, session or internal id.
    expect(Object.keys(account).sort()).toEqual(
      ['createdAt', 'email', 'emailVerified', 'exportedAt', 'fullName', 'language', 'lastActiveAt', 'signInWithGoogle', 'signInWithPassword'].sort(),
    );
    const { rows: secrets } = await t.ctx.db.execute<{ hash: string }>(sql`select password_hash as hash from users where id = ${hostId}`);
    const raw = await zip.file('account.json')!.async('string');
    expect(raw).not.toContain(secrets[0]!.hash);
    expect(raw).not.toContain(hostId);
    expect(raw).not.toContain(host.token);

    expect(await namesInSheet(await zip.file(weddingSheet)!.async('nodebuffer'))).toEqual(['Dana Levi', 'Yossi Mizrahi']);
    expect(await namesInSheet(await zip.file(cohostedSheet)!.async('nodebuffer'))).toEqual(['Shared Guest']);
    expect(await namesInSheet(await zip.file(trickySheet)!.async('nodebuffer'))).toEqual([]);

    const { events } = JSON.parse(await zip.file('events.json')!.async('string')) as {
      events: { id: string; role: string; guestSheet: string; paid: boolean; orders: Record<string, unknown>[] }[];
    };
    expect(events.map((event) => event.id).sort()).toEqual([wedding, tricky, cohosted].sort());
    const mine = events.find((event) => event.id === wedding)!;
    expect(mine).toMatchObject({ role: 'owner', guestSheet: weddingSheet, paid: true });
    expect(mine.orders).toHaveLength(1);
    expect((mine as unknown as { checkIn: unknown }).checkIn).toMatchObject({
      arrivals: [{ guestName: 'Dana Levi', people: 2, walkIn: false }],
      usherLinks: [{ revoked: false }],
    });
    expect((mine as unknown as { seating: unknown }).seating).toEqual([
      { number: 7, name: 'Family', capacity: 10, shape: 'round', guests: [{ guestId: dana.id, fullName: 'Dana Levi' }] },
    ]);
    expect(JSON.stringify(mine)).not.toContain('usher-hash-export');
    expect(mine.orders[0]).toMatchObject({ orderNumber: order.orderNumber, total: order.total, status: 'paid' });
    expect(mine.orders[0]).toHaveProperty('receiptUrl');
    // The co-host sees the event and its guests, not the owner's payment.
    const shared = events.find((event) => event.id === cohosted)!;
    expect(shared).toMatchObject({ role: 'cohost', orders: [] });

    // Nothing of the other host's own event anywhere in the archive.
    for (const name of files) {
      const text = name.endsWith('.json') ? await zip.file(name)!.async('string') : '';
      expect(text).not.toContain(othersPrivate);
      expect(text).not.toContain('Secret party');
      expect(text).not.toContain(String(othersOrder.orderNumber));
    }
    const allNames = (await Promise.all(files.filter((name) => name.endsWith('.xlsx')).map(async (name) => namesInSheet(await zip.file(name)!.async('nodebuffer'))))).flat();
    expect(allNames).not.toContain('Hidden Guest');
  });

  it('needs a session', async () => {
    const res = await t.request('GET', '/user/export');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('makes file names safe', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j');
    expect(safeFileName('\u2067שלום\u2069 \u200fעולם')).toBe('שלום עולם');
    expect(safeFileName('...hidden')).toBe('hidden');
    expect(safeFileName('\u202e/\u202c')).toBe('event');
    expect(safeFileName('x'.repeat(200))).toHaveLength(80);
  });
});

describe('DELETE /user/account', () => {
  it('refuses a wrong password and keeps everything', async () => {
    const host = await signUpHost(t);
    const eventId = await createEvent(t, host.token);
    await addGuest(t, host.token, eventId);

    const res = await t.request('DELETE', '/user/account', { token: host.token, body: { password: 'Not-the-password-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    const missing = await t.request('DELETE', '/user/account', { token: host.token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION' });

    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from guests where event_id = ${eventId}`)).toBe(1);
    expect((await t.request('POST', '/auth/login', { body: { email: host.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('refuses while a paid event is today or later, naming it; allows it once the date passed', async () => {
    const host = await signUpHost(t, { fullName: 'Dana Deleting', lang: 'ru' });
    const hostId = await userIdOf(host.email);
    const paid = await createEvent(t, host.token, { names: { he: 'החתונה של דנה', en: "Dana's wedding" } });
    await addGuest(t, host.token, paid, { fullName: 'Guest Of Dana' });
    const order = await buyPackage(t, host.token, paid);
    const unpaid = await createEvent(t, host.token);
    const paidDate = (await t.ctx.db.execute<{ date: string }>(sql`select date::text as date from events where id = ${paid}`)).rows[0]!.date;

    const refused = await t.request('DELETE', '/user/account', { token: host.token, body: { password: PASSWORD } });
    expect(refused.statusCode).toBe(409);
    // The user reads Russian; the event has no Russian name, so its default language's.
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_HAS_ACTIVE_EVENT',
      message: expect.any(String),
      events: [{ id: paid, name: 'החתונה של דנה', date: paidDate }],
    });
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from events where id in (${paid}, ${unpaid})`)).toBe(2);

    // Today still counts as not over (the business calendar's day, from one fixed moment).
    const now = new Date('2030-03-10T21:30:00Z'); // 23:30 in Jerusalem, already the 11th in Kathmandu
    const user = (await findUserById(t.ctx.db, hostId))!;
    await setEventDate(paid, todayInBusinessZone(now));
    await expect(deleteAccount(t.ctx, user, { password: PASSWORD }, now)).rejects.toMatchObject({ code: 'ACCOUNT_HAS_ACTIVE_EVENT' });

    await setEventDate(paid, addDays(todayInBusinessZone(), -1));
    const done = await t.request('DELETE', '/user/account', { token: host.token, body: { password: PASSWORD } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    // The session ended and the password no longer signs in.
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/login', { body: { email: host.email, password: PASSWORD } })).statusCode).toBe(401);
    // The paid order stays (tax law), the unpaid event is gone, the paid one lost its guests.
    expect(await count(sql`select count(*)::int as n from orders where id = ${order.id} and status = 'paid'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from events where id = ${unpaid}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from guests where event_id = ${paid}`)).toBe(0);

    // The confirmation went to the old address, in the user's language.
    const mail = await t.waitForMail(host.email, (m) => m.subject.includes('удалён'));
    expect(mail.text).toContain('Dana Deleting');

    // The address is free again: a new account, not the old one's row.
    const again = await t.request('POST', '/auth/register', {
      body: { fullName: 'Dana Again', email: host.email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await userIdOf(host.email)).not.toBe(hostId);
  });

  it('a Google-only account confirms with its e-mail', async () => {
    const host = await signUpHost(t);
    const hostId = await userIdOf(host.email);
    await t.ctx.db.execute(sql`update users set password_hash = null, google_sub = ${`g-${hostId}`} where id = ${hostId}`);

    const withPassword = await t.request('DELETE', '/user/account', { token: host.token, body: { password: PASSWORD } });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'confirmEmail' }] });
    const wrong = await t.request('DELETE', '/user/account', { token: host.token, body: { confirmEmail: 'someone.else@example.com' } });
    expect(wrong.statusCode).toBe(400);
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(200);

    const res = await t.request('DELETE', '/user/account', { token: host.token, body: { confirmEmail: ` ${host.email.toUpperCase()} ` } });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.ctx.db.execute<{ erased: boolean; google: string | null }>(
      sql`select erased_at is not null as erased, google_sub as google from users where id = ${hostId}`,
    );
    expect(rows[0]).toEqual({ erased: true, google: null });
  });

  it("deletes the session's own account only, whatever the body names", async () => {
    const victim = await signUpHost(t, { fullName: 'Victim Host' });
    const victimId = await userIdOf(victim.email);
    const victimEvent = await createEvent(t, victim.token);
    const attacker = await signUpHost(t, { fullName: 'Attacker Host' });
    const attackerId = await userIdOf(attacker.email);

    // The victim's password and id do not help: the attacker's own password is checked.
    const tried = await t.request('DELETE', '/user/account', { token: attacker.token, body: { password: 'Wrong-for-attacker-9', userId: victimId } });
    expect(tried.statusCode).toBe(400);
    const res = await t.request('DELETE', '/user/account', { token: attacker.token, body: { password: PASSWORD, userId: victimId, email: victim.email } });
    expect(res.statusCode, res.body).toBe(200);

    const erased = await t.ctx.db.execute<{ id: string }>(sql`select id from users where erased_at is not null and id in (${victimId}, ${attackerId})`);
    expect(erased.rows.map((row) => row.id)).toEqual([attackerId]);
    expect((await t.request('GET', '/user/me', { token: victim.token })).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from events where id = ${victimEvent}`)).toBe(1);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('caps the exports and the password guesses', async () => {
    const host = await signUpHost(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await limited.request('GET', '/user/export', { token: host.token })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i += 1) {
      last = (await limited.request('DELETE', '/user/account', { token: host.token, body: { password: `Wrong-guess-${i}` } })).statusCode;
    }
    expect(last).toBe(429);
    expect((await limited.request('GET', '/user/me', { token: host.token })).statusCode).toBe(200);
  });
});
