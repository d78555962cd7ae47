import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { API, type GuestDto } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { messageOptOuts, outboxMessages } from '../../../db/schema/messaging.js';
import type { OutgoingMessage, TextChannel } from '../../../providers/messaging/index.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { SANDBOX_PAGE_TEXTS } from './sandbox-page-texts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const OUTSIDE = '203.0.113.9';

/** A guest the sandbox really sent round 1 to (the line in sent.jsonl and the engine's sent row). */
const messagedGuest = async (channel: TextChannel = 3, text = 'שלום, נשמח לראותך') => {
  const { token, eventId } = await hostWithEvent(t);
  const guest: GuestDto = await addGuest(t, token, eventId);
  const outboxId = randomUUID();
  const provider = channel === 3 ? t.ctx.messaging.whatsapp : t.ctx.messaging.sms;
  const outgoing: OutgoingMessage = { outboxId, channel, to: guest.phoneNumber, text, lang: 'he', template: null };
  const { providerMessageId } = await provider.send(outgoing);
  await t.ctx.db.insert(outboxMessages).values({
    id: outboxId,
    eventId,
    guestId: guest.id,
    action: 'round1',
    type: 1,
    channel,
    state: 'sent',
    providerMessageId,
    sentAt: new Date(),
    claimedAt: new Date(),
  });
  return { eventId, guest, outboxId };
};

const optedOut = async (eventId: string, phoneNumber: string) =>
  (await t.ctx.db.select().from(messageOptOuts).where(and(eq(messageOptOuts.eventId, eventId), eq(messageOptOuts.phoneNumber, phoneNumber))))[0];

describe('POST /dev/sandbox/reply', () => {
  it("plays the guest's reply through the inbox: 'הסר' opts the guest out", async () => {
    const { eventId, guest } = await messagedGuest(3);
    const res = await t.request('POST', API.sandboxReply, { platform: null, body: { to: guest.phoneNumber, channel: 3, text: 'הסר' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await optedOut(eventId, guest.phoneNumber)).toMatchObject({ via: 'whatsapp' });
  });

  it('takes an answer that is not an opt-out without opting out', async () => {
    const { eventId, guest } = await messagedGuest(1);
    const res = await t.request('POST', API.sandboxReply, { body: { to: guest.phoneNumber, channel: 1, text: 'מגיעים!' } });
    expect(res.statusCode).toBe(200);
    expect(await optedOut(eventId, guest.phoneNumber)).toBeUndefined();
  });

  it('refuses a bad number, a bad channel and control characters', async () => {
    const bad = async (body: object) => (await t.request('POST', API.sandboxReply, { body })).json() as { code: string };
    expect(await bad({ to: '12', channel: 3, text: 'stop' })).toMatchObject({ code: 'INVALID_PHONE' });
    expect(await bad({ to: '+972501234567', channel: 2, text: 'stop' })).toMatchObject({ code: 'VALIDATION' });
    expect(await bad({ to: '+972501234567', channel: 3, text: 'st\u202Eop' })).toMatchObject({ code: 'VALIDATION' });
  });

  it('answers this machine only', async () => {
    const { eventId, guest } = await messagedGuest(3);
    const res = await t.request('POST', API.sandboxReply, { ip: OUTSIDE, body: { to: guest.phoneNumber, channel: 3, text: 'הסר' } });
    expect(res.statusCode).toBe(404);
    expect(await optedOut(eventId, guest.phoneNumber)).toBeUndefined();
  });
});

describe('the /dev/sandbox page', () => {
  it('lists the sent messages newest first, escaped, with a reply form each', async () => {
    const older = await messagedGuest(3, 'first <b>message</b>');
    const newer = await messagedGuest(1, 'second message\nלהסרה השיבו הסר');
    const res = await t.app.inject({ method: 'GET', url: '/dev/sandbox?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(SANDBOX_PAGE_TEXTS.en.notice);
    expect(html).toContain('first &lt;b&gt;message&lt;/b&gt;');
    expect(html).not.toContain('<b>message</b>');
    expect(html.indexOf(newer.outboxId)).toBeGreaterThan(0);
    expect(html.indexOf(newer.outboxId)).toBeLessThan(html.indexOf(older.outboxId));
    expect(html).toContain(`<input type="hidden" name="to" value="${newer.guest.phoneNumber}"><input type="hidden" name="channel" value="1">`);
    expect(html).toContain('name="preset" value="הסר"');
    expect(html).toContain('<span class="chip ch3">WhatsApp</span>');
  });

  it('shows at most the asked number of messages, never more than 500', async () => {
    await messagedGuest(3, 'one more');
    const two = await t.app.inject({ method: 'GET', url: '/dev/sandbox?limit=1' });
    expect(two.body.match(/<article /g)).toHaveLength(1);
    expect(two.body).toContain('<html lang="he" dir="rtl">');
    expect((await t.app.inject({ method: 'GET', url: '/dev/sandbox?limit=501' })).statusCode).toBe(400);
  });

  it("replies from the page's form and comes back to the page", async () => {
    const { eventId, guest } = await messagedGuest(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/sandbox/reply?lang=ru',
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({ to: guest.phoneNumber, channel: '1', text: '', preset: 'הסר' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dev/sandbox?lang=ru&replied=1');
    expect(await optedOut(eventId, guest.phoneNumber)).toMatchObject({ via: 'sms' });
    expect((await t.app.inject({ method: 'GET', url: res.headers.location })).body).toContain(SANDBOX_PAGE_TEXTS.ru.replied);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/dev/sandbox/reply',
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({ to: guest.phoneNumber, channel: '1', text: '' }).toString(),
    });
    expect(refused.headers.location).toBe('/dev/sandbox?lang=he&refused=1');
  });

  it('answers this machine only', async () => {
    const { eventId, guest } = await messagedGuest(3);
    expect((await t.app.inject({ method: 'GET', url: '/dev/sandbox', remoteAddress: OUTSIDE })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/dev/sandbox/reply',
      remoteAddress: OUTSIDE,
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({ to: guest.phoneNumber, channel: '3', text: 'הסר' }).toString(),
    });
    expect(post.statusCode).toBe(404);
    expect(await optedOut(eventId, guest.phoneNumber)).toBeUndefined();
  });

  it('has every text in every language', () => {
    const keys = Object.keys(SANDBOX_PAGE_TEXTS.he).sort();
    for (const texts of Object.values(SANDBOX_PAGE_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const value of Object.values(texts)) expect(typeof value === 'function' ? value(3) : value).toMatch(/\S/);
    }
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', MAIL_TRANSPORT: 'none' }, { worker: false });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has neither the reply endpoint nor the page', async () => {
    const reply = await prod.request('POST', API.sandboxReply, { body: { to: '+972501234567', channel: 3, text: 'הסר' } });
    expect(reply.statusCode).toBe(404);
    const page = await prod.app.inject({ method: 'GET', url: '/dev/sandbox' });
    expect(page.body).not.toContain(SANDBOX_PAGE_TEXTS.he.notice);
    const form = await prod.app.inject({ method: 'POST', url: '/dev/sandbox/reply', headers: { 'content-type': FORM }, payload: 'to=%2B972501234567&channel=3&text=stop' });
    expect(form.statusCode).toBe(404);
  });
});

describe('taps on the /dev/sandbox page (WhatsApp quick replies and lists, offline)', () => {
  const tap = (to: string, choice: string) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/sandbox/reply?lang=he',
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({ to, channel: '3', choice }).toString(),
    });
  const guestRow = async (guestId: string) =>
    (await t.ctx.db.execute<{ status: string; attending: number | null }>(sql`select status, attending from guests where id = ${guestId}`)).rows[0];

  it("offers an invitation's coming / not coming / not sure; a tap answers through the page's rules and the count list follows", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest: GuestDto = await addGuest(t, token, eventId, { countOfInvites: 3 });
    const outboxId = randomUUID();
    const template = { providerTemplateId: null, purpose: 'invitation' as const, values: {}, headerImageUrl: null, pageUrlSuffix: null, quickReplies: true };
    const { providerMessageId } = await t.ctx.messaging.whatsapp.send({ outboxId, channel: 3, to: guest.phoneNumber, text: 'הזמנה', lang: 'he', template });
    await t.ctx.db.insert(outboxMessages).values({ id: outboxId, eventId, guestId: guest.id, action: 'round1', type: 1, channel: 3, state: 'sent', providerMessageId, sentAt: new Date() });

    const page = (await t.app.inject({ method: 'GET', url: '/dev/sandbox?lang=he' })).body;
    expect(page).toContain(`value="rsvp:approved:${outboxId}" dir="auto">מגיע/ה</button>`);
    expect(page).toContain(`value="rsvp:maybe:${outboxId}"`);

    const res = await tap(guest.phoneNumber, `rsvp:approved:${outboxId}`);
    expect(res.headers.location).toBe('/dev/sandbox?lang=he&replied=1');
    expect(await guestRow(guest.id)).toEqual({ status: 'approved', attending: 3 });

    const after = (await t.app.inject({ method: 'GET', url: '/dev/sandbox?lang=he' })).body;
    expect(after).toContain(`value="count:2:${outboxId}"`);
    await tap(guest.phoneNumber, `count:2:${outboxId}`);
    expect(await guestRow(guest.id)).toEqual({ status: 'approved', attending: 2 });
  });

  it('refuses a made-up choice without answering', async () => {
    const { guest } = await messagedGuest(3);
    const res = await tap(guest.phoneNumber, 'rsvp:approved:not-an-outbox-row');
    expect(res.headers.location).toBe('/dev/sandbox?lang=he&refused=1');
    expect((await guestRow(guest.id))?.status).not.toBe('approved');
  });
});
