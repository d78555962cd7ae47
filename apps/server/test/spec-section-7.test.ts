import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_HEADER, PLATFORM_HEADER } from '@magiim/shared';
import { createEvent, eventInput, inDays, sendMultipart, useFakePlaces } from '../src/modules/events/event-test-kit.js';
import { createTestApp, signUpHost, type TestApp } from './test-app.js';

/**
 * Issue 30 §2: the mobile app's web view calls spec section 7 as written. Every call of §7 that carries a body,
 * with the body the spec names (and nothing the spec does not send), is accepted.
 */
let t: TestApp;
let token: string;
let eventId: string;
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  ({ token } = await signUpHost(t));
  eventId = await createEvent(t, token);
});
afterAll(async () => {
  await t?.close();
});

type Call = { verb: 'POST' | 'PUT' | 'PATCH'; path: () => string; body: () => unknown; multipart?: boolean; headers?: Record<string, string> };

const fcmLikeToken = `spec7-${Date.now().toString(36)}:APA91b${'x'.repeat(40)}`;
let groupId = '';

// In order: a later call may use what an earlier one made (the group).
const CALLS: [string, Call][] = [
  ['POST event/newEvent (multipart, the event in part `data`)', { verb: 'POST', path: () => '/event/newEvent', body: () => eventInput(), multipart: true }],
  ['POST event/editEvent/{id} (multipart)', { verb: 'POST', path: () => `/event/editEvent/${eventId}`, body: () => ({ time: '20:00' }), multipart: true }],
  ['POST groups/new/{id} (name)', { verb: 'POST', path: () => `/groups/new/${eventId}`, body: () => ({ name: 'Family' }) }],
  ['PUT groups/{id}/{groupID} (name)', { verb: 'PUT', path: () => `/groups/${eventId}/${groupId}`, body: () => ({ name: 'Friends' }) }],
  ['POST guests/new/{id}', { verb: 'POST', path: () => `/guests/new/${eventId}`, body: () => ({ fullName: 'Dana Levi', phoneNumber: '052-555-7301' }) }],
  ['POST event/{id}/updateInvitationDate (date)', { verb: 'POST', path: () => `/event/${eventId}/updateInvitationDate`, body: () => ({ date: inDays(40) }) }],
  ['POST event/includeCallsPreference/{id} (includeCalls)', { verb: 'POST', path: () => `/event/includeCallsPreference/${eventId}`, body: () => ({ includeCalls: false }) }],
  ['POST event/setMessageSystemPreference/{id} (messageSystem)', { verb: 'POST', path: () => `/event/setMessageSystemPreference/${eventId}`, body: () => ({ messageSystem: 1 }) }],
  ['PUT expenses/{id} (expenses, no version)', { verb: 'PUT', path: () => `/expenses/${eventId}`, body: () => ({ expenses: [{ description: 'Flowers', totalPayment: 50_000 }] }) }],
  [
    'PATCH push-notifications/token (pushNotificationToken, the platform from the header)',
    { verb: 'PATCH', path: () => '/push-notifications/token', body: () => ({ pushNotificationToken: fcmLikeToken }), headers: { [PLATFORM_HEADER]: 'ios', [DEVICE_ID_HEADER]: 'spec7-device-0123456789' } },
  ],
];

describe('spec §7 bodies, as the mobile app sends them', () => {
  it.each(CALLS)('%s is accepted', async (_name, call) => {
    const res = call.multipart
      ? await sendMultipart(t, 'POST', call.path(), [{ name: 'data', value: JSON.stringify(call.body()) }], token)
      : await t.app.inject({
          method: call.verb,
          url: `/api${call.path()}`,
          headers: { [PLATFORM_HEADER]: 'web', authorization: `Bearer ${token}`, ...call.headers },
          payload: call.body() as object,
        });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const body = res.json() as { id?: string };
    if (call.path().startsWith('/groups/new/')) groupId = body.id!;
  });

  it('takes the push platform from the header and keeps the version guard when a version is sent', async () => {
    const platform = await t.ctx.db.execute<{ platform: string }>(sql`select platform from push_tokens order by created_at desc limit 1`);
    expect(platform.rows[0]).toEqual({ platform: 'ios' });
    const list = (await t.request('GET', `/expenses/${eventId}`, { token })).json() as { version: number };
    const stale = await t.request('PUT', `/expenses/${eventId}`, { token, body: { version: list.version - 1, expenses: [] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const fresh = await t.request('PUT', `/expenses/${eventId}`, { token, body: { version: list.version, expenses: [] } });
    expect(fresh.statusCode).toBe(200);
  });

  it('shows the multipart form of newEvent and editEvent in the OpenAPI document', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
    };
    for (const path of ['/event/newEvent', '/event/editEvent/{id}']) {
      const form = doc.paths[path]!.post!.requestBody.content['multipart/form-data'];
      expect(form, path).toBeDefined();
      expect(Object.keys(form!.schema.properties).sort()).toEqual(['data', 'image']);
    }
  });
});
