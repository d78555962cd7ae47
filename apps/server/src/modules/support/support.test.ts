import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CONTACTS_PER_USER } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';

const SUPPORT = 'help@magiim.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT, SUPPORT_WHATSAPP_NUMBER: '+972500000000', RATE_LIMITS: 'on' });
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
});

const contact = (token: string | undefined, body: unknown) => t.request('POST', '/support/contact', { ...(token ? { token } : {}), body });

describe('support contact', () => {
  it('e-mails support with the host, the event and the message, and confirms to the host in their language', async () => {
    const host = await signUpHost(t, { fullName: 'Dana Levi', lang: 'en' });
    const eventId = await createEvent(t, host.token);
    const res = await contact(host.token, { subject: 'Question about rounds', message: 'When does the\r\nsecond round go?', eventId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const toSupport = await t.waitForMail(SUPPORT, (m) => m.subject.includes('Question about rounds'));
    expect(toSupport.subject).toBe('פנייה מהאתר: Question about rounds');
    expect(toSupport.text).toContain(`Dana Levi <${host.email}>`);
    expect(toSupport.text).toContain(`החתונה של נועה ודני (${eventId})`);
    expect(toSupport.text).toContain('When does the\nsecond round go?');
    expect(toSupport.html).toContain('dir="rtl"');

    const receipt = await t.waitForMail(host.email, (m) => m.subject === 'We received your message to Magiim');
    expect(receipt.text).toContain('Hello Dana Levi,');
    expect(receipt.text).toContain('"Question about rounds"');
    expect(receipt.text).toContain('Sunday–Thursday \u206609:00–21:00\u2069');
    expect(receipt.text).toContain('Friday \u206609:00–15:00\u2069');
    expect(receipt.html).toContain('dir="ltr"');
  });

  it('sends without an event, the confirmation in Hebrew for a Hebrew host', async () => {
    const host = await signUpHost(t, { fullName: 'נועה כהן' });
    expect((await contact(host.token, { subject: 'שאלה כללית', message: 'שלום' })).statusCode).toBe(200);
    const toSupport = await t.waitForMail(SUPPORT, (m) => m.subject.includes('שאלה כללית'));
    expect(toSupport.text).toContain('האירוע: לא צוין');
    const receipt = await t.waitForMail(host.email, (m) => m.subject === 'קיבלנו את הפנייה שלך למגיעים');
    expect(receipt.text).toContain('יום ראשון–יום חמישי \u206609:00–21:00\u2069');
  });

  it("answers 404 for another host's event and sends nothing", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const eventId = await createEvent(t, owner.token);
    const res = await contact(other.token, { subject: 'Probe', message: 'x', eventId });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const unknown = await contact(other.token, { subject: 'Probe', message: 'x', eventId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    // The receipt of a later, valid message arrives; the probe's never did.
    expect((await contact(other.token, { subject: 'After probe', message: 'x' })).statusCode).toBe(200);
    await t.waitForMail(other.email, (m) => m.text.includes('After probe'));
    expect(await t.mailCount(other.email)).toBe(2); // verification + the one receipt
  });

  it('refuses control and bidi characters, empty and too long texts', async () => {
    const host = await signUpHost(t);
    for (const body of [
      { subject: 'Hi\u202Egnp.exe', message: 'x' },
      { subject: 'Bcc:\r\nx', message: 'x' },
      { subject: 'ok', message: 'nul\u0000' },
      { subject: 'ok', message: 'iso\u2066late' },
      { subject: '   ', message: 'x' },
      { subject: 'ok', message: 'x'.repeat(3001) },
      { subject: 'ok', message: 'x', eventId: 'not-a-uuid' },
    ]) {
      const res = await contact(host.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('needs a signed-in host', async () => {
    const res = await contact(undefined, { subject: 'Hi', message: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 once a host sent the limit, per user', async () => {
    const host = await signUpHost(t);
    for (let i = 0; i < SUPPORT_CONTACTS_PER_USER.max; i++) {
      expect((await contact(host.token, { subject: `Message ${i}`, message: 'x' })).statusCode).toBe(200);
    }
    const limited = await contact(host.token, { subject: 'One too many', message: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another host is not held back.
    const other = await signUpHost(t);
    expect((await contact(other.token, { subject: 'Mine', message: 'x' })).statusCode).toBe(200);
  });

  it('tells the web app the chat widget number', async () => {
    expect((await t.request('GET', '/config')).json().supportWhatsappNumber).toBe('+972500000000');
  });
});
