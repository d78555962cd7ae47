import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { hostWithEvent } from '../guests/guest-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const overflowOf = async (eventId: string, token: string): Promise<unknown> =>
  ((await t.request('GET', `/event/${eventId}`, { token })).json() as { whatsappOverflow: unknown }).whatsappOverflow;

describe("the event's whatsappOverflow (where the rest goes when WhatsApp's daily tier is spent)", () => {
  it('is sms for a new event, and the host switches it to wait and back through editEvent', async () => {
    const { token, eventId } = await hostWithEvent(t);
    expect(await overflowOf(eventId, token)).toBe('sms');
    const waited = await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { whatsappOverflow: 'wait' } });
    expect(waited.statusCode).toBe(200);
    expect(await overflowOf(eventId, token)).toBe('wait');
    // Another field's edit leaves it alone.
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { time: '19:30' } })).statusCode).toBe(200);
    expect(await overflowOf(eventId, token)).toBe('wait');
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { whatsappOverflow: 'sms' } })).statusCode).toBe(200);
    expect(await overflowOf(eventId, token)).toBe('sms');
  });

  it('refuses a value outside sms / wait with VALIDATION, and changes nothing', async () => {
    const { token, eventId } = await hostWithEvent(t);
    for (const bad of ['later', '', 3, null]) {
      const res = await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { whatsappOverflow: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    }
    expect(await overflowOf(eventId, token)).toBe('sms');
  });

  it("refuses another host's edit, and changes nothing", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const other = (await signUpHost(t)).token;
    const res = await t.request('POST', `/event/editEvent/${eventId}`, { token: other, body: { whatsappOverflow: 'wait' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await overflowOf(eventId, token)).toBe('sms');
  });
});
