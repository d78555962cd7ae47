import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, eventInput, inDays, sendMultipart, useFakePlaces } from './event-test-kit.js';

/**
 * The access matrix: on every event endpoint, another host and a wrong event id answer 404 NOT_FOUND (the
 * same answer, so ids cannot be probed) and an anonymous caller 401 — and nothing changes.
 */

let t: TestApp;
let owner: string;
let intruder: string;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  intruder = (await signUpHost(t)).token;
  eventId = await createEvent(t, owner);
});
afterAll(async () => {
  await t?.close();
});

type Call = (id: string, token: string | undefined) => Promise<LightMyRequestResponse>;

const ENDPOINTS: Record<string, Call> = {
  'GET event/{id}': (id, token) => t.request('GET', `/event/${id}`, { token }),
  'POST event/editEvent/{id} (JSON)': (id, token) => t.request('POST', `/event/editEvent/${id}`, { token, body: { time: '06:00' } }),
  'POST event/editEvent/{id} (multipart)': (id, token) =>
    sendMultipart(t, 'POST', `/event/editEvent/${id}`, [{ name: 'data', value: JSON.stringify({ time: '06:00' }) }], token),
  'DELETE event/{id}': (id, token) => t.request('DELETE', `/event/${id}`, { token }),
  'DELETE event/deleteImage/{id}': (id, token) => t.request('DELETE', `/event/deleteImage/${id}`, { token }),
  'GET event/non-removable-languages/{id}': (id, token) => t.request('GET', `/event/non-removable-languages/${id}`, { token }),
  'POST event/{id}/updateInvitationDate': (id, token) => t.request('POST', `/event/${id}/updateInvitationDate`, { token, body: { date: inDays(20) } }),
  'POST event/includeCallsPreference/{id}': (id, token) =>
    t.request('POST', `/event/includeCallsPreference/${id}`, { token, body: { includeCalls: true } }),
  'POST event/setMessageSystemPreference/{id}': (id, token) =>
    t.request('POST', `/event/setMessageSystemPreference/${id}`, { token, body: { messageSystem: 1 } }),
};

const expectUnchanged = async () => {
  const res = await t.request('GET', `/event/${eventId}`, { token: owner });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ time: '19:30', rsvpStartDate: inDays(40), includeCallsPreference: false, messageSystemPreference: 3 });
};

describe.each(Object.entries(ENDPOINTS))('%s', (_name, call) => {
  it("refuses another host's event as not found", async () => {
    const res = await call(eventId, intruder);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'event not found' });
    await expectUnchanged();
  });

  it('answers a wrong event id the same way', async () => {
    const res = await call(randomUUID(), owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'event not found' });
  });

  it('refuses an anonymous caller', async () => {
    const res = await call(eventId, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    await expectUnchanged();
  });

  it('refuses an id that is not a uuid', async () => {
    const res = await call('not-an-id', owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('endpoints without an event id', () => {
  it('refuse an anonymous caller', async () => {
    expect((await t.request('POST', '/event/newEvent', { body: eventInput() })).statusCode).toBe(401);
    const multipart = await sendMultipart(t, 'POST', '/event/newEvent', [{ name: 'data', value: JSON.stringify(eventInput()) }]);
    expect(multipart.statusCode).toBe(401);
    expect((await t.request('GET', '/event/fetchEvents')).statusCode).toBe(401);
    expect((await t.request('GET', '/meals/all')).statusCode).toBe(401);
  });

  it("never list another host's events", async () => {
    const list = await t.request('GET', '/event/fetchEvents', { token: intruder });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it('refuse a signed-in user whose e-mail is not verified yet', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        fullName: 'Dana Levi',
        email: `unverified.${Date.now()}@example.com`,
        password: 'Chuppah-2026',
        confirmPassword: 'Chuppah-2026',
        acceptTerms: true,
        isAdult: true,
        lang: 'he',
      },
    });
    const token = (res.json() as { accessToken: string }).accessToken;
    const created = await t.request('POST', '/event/newEvent', { token, body: eventInput() });
    expect(created.statusCode).toBe(401);
    expect(created.json().code).toBe('verify_email');
    expect((await t.request('GET', `/event/${eventId}`, { token })).json().code).toBe('verify_email');
  });
});
