import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GiftAccountDto, GiftRegistration } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { giftAccounts } from '../../db/schema/dashboard.js';
import { eventMembers } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';
import { openPayload, payloadKeyFrom } from '../../platform/payload-crypto.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { answer, personalTokenOf } from '../invitations/invite-test-kit.js';
import { decideRegistration } from './gifts.repository.js';
import { runGiftAdminCli } from './gifts-admin.js';
import { giftSealContext } from './gifts.service.js';
import { GIFT_DECISION_SUBJECTS } from './gift-decision-emails.js';

const ID_NUMBER = '123456782';
const ACCOUNT = '987654321';
const registration = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Noa Cohen',
  phone: '054-1234567',
  email: 'noa@example.com',
  idNumber: ID_NUMBER,
  bankAccount: { bank: '12', branch: '345', account: ACCOUNT },
  ...overrides,
});

const poll = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const getGifts = (t: TestApp, token: string, eventId: string) => t.request('GET', `/gifts/${eventId}`, { token });
const register = (t: TestApp, token: string, eventId: string, body: unknown = registration()) => t.request('POST', `/gifts/register/${eventId}`, { token, body });

describe('gift link (sandbox provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GIFT_PROVIDER: 'sandbox', SANDBOX_GIFT_REVIEW_SECONDS: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('goes NOT_REGISTERED → REGISTERED → APPROVED by the review job, with the link', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const [owner] = await t.ctx.db.select({ email: users.email }).from(users).innerJoin(eventMembers, eq(eventMembers.userId, users.id)).where(eq(eventMembers.eventId, eventId));
    const before = await getGifts(t, token, eventId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'NOT_REGISTERED', reason: null, link: null, feePercent: 3, registration: null });

    const registered = await register(t, token, eventId);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({
      status: 'REGISTERED',
      reason: null,
      link: null,
      feePercent: 3,
      registration: {
        fullName: 'Noa Cohen',
        phone: '+972541234567',
        email: 'noa@example.com',
        idNumber: '•••••••82',
        bankAccount: { bank: '12', branch: '345', account: '••••••321' },
      },
    });
    // Under review, a second registration is refused.
    expect((await register(t, token, eventId)).statusCode).toBe(409);

    const approved = await poll(
      async () => (await getGifts(t, token, eventId)).json() as GiftAccountDto,
      (account) => account.status === 'APPROVED',
    );
    expect(approved.link).toMatch(/^http:\/\/magiim\.test\/dev\/gift\/gift_[0-9a-f]{32}$/);
    // The sandbox's link opens a test page in the event's language; a made-up one answers 404.
    const giftPage = await t.app.inject({ method: 'GET', url: new URL(approved.link!).pathname });
    expect(giftPage.statusCode).toBe(200);
    expect(giftPage.body).toContain('<html lang="he" dir="rtl">');
    expect(giftPage.body).toContain('3%');
    expect((await t.app.inject({ method: 'GET', url: '/dev/gift/gift_00000000000000000000000000000000' })).statusCode).toBe(404);
    expect(approved.reason).toBeNull();
    expect(approved.registration?.idNumber).toBe('•••••••82');
    expect((await register(t, token, eventId)).statusCode).toBe(409);
    // The host hears about it, in their language (Hebrew), with the way to the gifts page.
    const mail = await t.waitForMail(owner!.email, (m) => m.subject === GIFT_DECISION_SUBJECTS.he.approved);
    expect(mail.text).toContain(`/event/${eventId}/gifts`);
  });

  it('keeps the ID number and bank account sealed at rest', async () => {
    const { token, eventId } = await hostWithEvent(t);
    expect((await register(t, token, eventId)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(giftAccounts).where(eq(giftAccounts.eventId, eventId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ID_NUMBER);
    expect(stored).not.toContain(ACCOUNT);
    expect(row!.registrationSealed).toMatch(/^v1\./);
    // The sealed value opens with the payload key in its own row's context only.
    const key = payloadKeyFrom(t.config.secrets.payloadKey);
    const opened = openPayload<GiftRegistration>(key, row!.registrationSealed!, giftSealContext(eventId, row!.providerRef!));
    expect(opened.idNumber).toBe(ID_NUMBER);
    expect(opened.bankAccount.account).toBe(ACCOUNT);
    expect(() => openPayload(key, row!.registrationSealed!, giftSealContext(eventId, 'gift_other'))).toThrow();
  });

  it('validates the registration', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ idNumber: '123456789' }, 'idNumber'],
      [{ idNumber: '12a456782' }, 'idNumber'],
      [{ idNumber: '' }, 'idNumber'],
      [{ phone: '12' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ fullName: 'Noa\u202E Cohen' }, 'fullName'],
      [{ fullName: '' }, 'fullName'],
      [{ bankAccount: { bank: '123', branch: '345', account: '1' } }, 'bankAccount.bank'],
      [{ bankAccount: { bank: '12', branch: '34', account: '1' } }, 'bankAccount.branch'],
      [{ bankAccount: { bank: '12', branch: '345', account: '1234567890' } }, 'bankAccount.account'],
      [{ bankAccount: { bank: '12', branch: '345', account: '' } }, 'bankAccount.account'],
    ];
    for (const [overrides, path] of cases) {
      const res = await register(t, token, eventId, registration(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    expect((await getGifts(t, token, eventId)).json().status).toBe('NOT_REGISTERED');
    // An ID number with fewer digits is padded; spaces and dashes in numbers are dropped.
    const ok = await register(t, token, eventId, registration({ idNumber: '12 3-44', bankAccount: { bank: '12', branch: '345', account: '12-345' } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().registration.idNumber).toBe('•••••••44');
  });

  it('answers 404 to another host, lets a co-host read only, and 401 without a session', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const other = await signUpHost(t);
    expect((await getGifts(t, other.token, eventId)).statusCode).toBe(404);
    expect((await register(t, other.token, eventId)).statusCode).toBe(404);
    expect((await getGifts(t, token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const cohost = await signUpHost(t);
    const [cohostUser] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, cohost.email));
    await t.ctx.db.insert(eventMembers).values({ eventId, userId: cohostUser!.id, role: 'cohost' });
    expect((await getGifts(t, cohost.token, eventId)).statusCode).toBe(200);
    const refused = await register(t, cohost.token, eventId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await getGifts(t, token, eventId)).json().status).toBe('NOT_REGISTERED');

    expect((await t.request('GET', `/gifts/${eventId}`)).statusCode).toBe(401);
    expect((await t.request('POST', `/gifts/register/${eventId}`, { body: registration() })).statusCode).toBe(401);
  });
});

describe('gift link on the guest page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GIFT_PROVIDER: 'managed' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const html = async (token: string, lang = 'en') => {
    const res = await t.app.inject({ method: 'GET', url: `/invite/${token}?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('offers the approved link to a guest who answered coming, in their language, and to nobody else', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const coming = personalTokenOf(await addGuest(t, token, eventId, { lang: 'he' }));
    const declining = personalTokenOf(await addGuest(t, token, eventId));
    expect((await answer(t, coming, { status: 'approved', attending: 1 })).statusCode).toBe(200);
    expect((await answer(t, declining, { status: 'declined' })).statusCode).toBe(200);
    const link = 'https://pay.example.com/g/page';

    expect((await register(t, token, eventId)).statusCode).toBe(200);
    // Under review: no link yet.
    expect(await html(coming)).not.toContain('data-gift');

    await decideRegistration(t.ctx.db, eventId, { status: 'APPROVED', link });
    const page = await html(coming, 'he');
    expect(page).toContain('data-gift');
    expect(page).toContain(`href="${link}"`);
    expect(page).toContain('מתנה בכרטיס אשראי');
    expect(await html(coming, 'en')).toContain('A gift by credit card');
    expect(await html(declining)).not.toContain('data-gift');
    expect(await html(declining)).not.toContain(link);
  });
});

describe('gift link (managed by the administration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GIFT_PROVIDER: 'managed', SUPPORT_EMAIL: 'gifts-desk@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runGiftAdminCli(args, () => t.config, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('notifies the administration without the sensitive fields, then takes reject and approve from the admin command', async () => {
    const { token, eventId } = await hostWithEvent(t);
    expect((await register(t, token, eventId)).statusCode).toBe(200);
    const mail = await t.waitForMail('gifts-desk@example.com', (m) => m.text.includes(eventId));
    expect(mail.text).toContain('Noa Cohen');
    for (const secret of [ID_NUMBER, ACCOUNT, '•••']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }
    // Nothing decides by itself.
    expect((await getGifts(t, token, eventId)).json().status).toBe('REGISTERED');
    expect((await admin('list', 'REGISTERED')).out).toContain(eventId);

    const rejected = await admin('reject', eventId, 'The', 'bank', 'account', 'name', 'differs');
    expect(rejected.code, rejected.err).toBe(0);
    const [owner] = await t.ctx.db.select({ email: users.email }).from(users).innerJoin(eventMembers, eq(eventMembers.userId, users.id)).where(eq(eventMembers.eventId, eventId));
    const rejectedMail = await t.waitForMail(owner!.email, (m) => m.subject === GIFT_DECISION_SUBJECTS.he.rejected);
    expect(rejectedMail.text).toContain('The bank account name differs');
    expect((await getGifts(t, token, eventId)).json()).toMatchObject({ status: 'REJECTED', reason: 'The bank account name differs', link: null });
    // Decided already: a second decision changes nothing.
    expect((await admin('approve', eventId, 'https://pay.example.com/g/1')).code).toBe(1);

    // Rejected: the host registers again.
    expect((await register(t, token, eventId, registration({ fullName: 'Noa Levi' }))).json()).toMatchObject({ status: 'REGISTERED', reason: null });
    expect((await admin('approve', eventId, 'not a link')).code).toBe(1);
    expect((await admin('approve', eventId, 'javascript:alert(1)')).code).toBe(1);
    const approved = await admin('approve', eventId, 'https://pay.example.com/g/abc');
    expect(approved.code, approved.err).toBe(0);
    await t.waitForMail(owner!.email, (m) => m.subject === GIFT_DECISION_SUBJECTS.he.approved);
    expect((await getGifts(t, token, eventId)).json()).toMatchObject({
      status: 'APPROVED',
      reason: null,
      link: 'https://pay.example.com/g/abc',
      registration: { fullName: 'Noa Levi' },
    });
  });

  it('refuses bad command lines and unknown events', async () => {
    expect((await admin()).code).toBe(2);
    expect((await admin('approve', 'x')).code).toBe(2);
    expect((await admin('list', 'BOGUS')).code).toBe(2);
    expect((await admin('approve', 'not-a-uuid', 'https://pay.example.com')).code).toBe(1);
    const missing = await admin('reject', '00000000-0000-4000-8000-000000000000', 'no');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('nothing was changed');
  });
});
