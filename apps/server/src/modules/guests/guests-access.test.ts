import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, sendMultipart, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest } from './guest-test-kit.js';

/**
 * The access matrix of every guest and group endpoint: another host and a wrong event id answer 404
 * NOT_FOUND exactly alike (ids cannot be probed), an anonymous caller 401 — and nothing changes.
 */

let t: TestApp;
let owner: string;
let intruder: string;
let eventId: string;
let guestId: string;
let groupId: string;
let sheet: Buffer;

const snapshot = async () => ({
  guests: (await t.request('GET', `/guests/list/${eventId}?sort=createdAt`, { token: owner })).json(),
  groups: (await t.request('GET', `/groups/fetch/${eventId}`, { token: owner })).json(),
});
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  intruder = (await signUpHost(t)).token;
  eventId = await createEvent(t, owner);
  // The intruder has an event of their own: being a host elsewhere opens nothing here.
  await createEvent(t, intruder);
  groupId = (await t.request('POST', `/groups/new/${eventId}`, { token: owner, body: { name: 'Family' } })).json().id;
  guestId = (await addGuest(t, owner, eventId, { groupId })).id;
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Guests');
  ws.addRow(['Full name', 'Phone']);
  ws.addRow(['Intruder', '0509990000']);
  sheet = Buffer.from(await workbook.xlsx.writeBuffer());
  before = await snapshot();
});
afterAll(async () => {
  await t?.close();
});

type Call = (event: string, token: string | undefined) => Promise<LightMyRequestResponse>;
const rows = [{ fullName: 'Intruder', phoneNumber: '0509990000' }];

const ENDPOINTS: Record<string, Call> = {
  'POST guests/new/{id}': (id, token) => t.request('POST', `/guests/new/${id}`, { token, body: { fullName: 'Intruder', phoneNumber: '0509990000' } }),
  'PUT guests/edit/{id}/{guestID}': (id, token) => t.request('PUT', `/guests/edit/${id}/${guestId}`, { token, body: { fullName: 'Renamed' } }),
  'GET guests/{id}/{guestID}': (id, token) => t.request('GET', `/guests/${id}/${guestId}`, { token }),
  'DELETE guests/{id}/{guestID}': (id, token) => t.request('DELETE', `/guests/${id}/${guestId}`, { token }),
  'GET guests/list/{id}': (id, token) => t.request('GET', `/guests/list/${id}`, { token }),
  'POST guests/bulk/{id} (delete)': (id, token) => t.request('POST', `/guests/bulk/${id}`, { token, body: { guestIds: [guestId], action: 'delete' } }),
  'POST guests/bulk/{id} (moveToGroup)': (id, token) =>
    t.request('POST', `/guests/bulk/${id}`, { token, body: { guestIds: [guestId], action: 'moveToGroup', groupId: null } }),
  'POST guests/bulk/{id} (setLang)': (id, token) => t.request('POST', `/guests/bulk/${id}`, { token, body: { guestIds: [guestId], action: 'setLang', lang: 'en' } }),
  'POST guests/import/{id}?commit=true': (id, token) =>
    sendMultipart(t, 'POST', `/guests/import/${id}?commit=true`, [{ name: 'file', value: sheet, filename: 'g.xlsx' }], token),
  'POST guests/import/{id}?commit=false': (id, token) =>
    sendMultipart(t, 'POST', `/guests/import/${id}?commit=false`, [{ name: 'file', value: sheet, filename: 'g.xlsx' }], token),
  'POST guests/rows/{id}?commit=true': (id, token) => t.request('POST', `/guests/rows/${id}?commit=true`, { token, body: { rows } }),
  'POST guests/rows/{id}?commit=false': (id, token) => t.request('POST', `/guests/rows/${id}?commit=false`, { token, body: { rows } }),
  'GET guests/export/{id}/{lang}': (id, token) => t.request('GET', `/guests/export/${id}/he`, { token }),
  'GET groups/fetch/{id}': (id, token) => t.request('GET', `/groups/fetch/${id}`, { token }),
  'POST groups/new/{id}': (id, token) => t.request('POST', `/groups/new/${id}`, { token, body: { name: 'Intruders' } }),
  'PUT groups/{id}/{groupID}': (id, token) => t.request('PUT', `/groups/${id}/${groupId}`, { token, body: { name: 'Renamed' } }),
  'DELETE groups/{id}/{groupID}': (id, token) => t.request('DELETE', `/groups/${id}/${groupId}`, { token }),
};

const expectUnchanged = async () => expect(await snapshot()).toEqual(before);

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
    await expectUnchanged();
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

describe('guest endpoints without an event id', () => {
  it('refuse an anonymous caller', async () => {
    expect((await t.request('GET', '/guests/import-template/he')).statusCode).toBe(401);
    expect((await t.request('POST', '/guests/google-contacts', { body: { accessToken: 'sandbox-token-1' } })).statusCode).toBe(401);
  });
});
