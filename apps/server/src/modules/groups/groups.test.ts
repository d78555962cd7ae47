import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupDto } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createEvent } from '../events/event-test-kit.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newGroup = (token: string, eventId: string, name: string) => t.request('POST', `/groups/new/${eventId}`, { token, body: { name } });
const fetchGroups = async (token: string, eventId: string): Promise<GroupDto[]> =>
  (await t.request('GET', `/groups/fetch/${eventId}`, { token })).json() as GroupDto[];

describe('groups', () => {
  it('creates, lists with guest counts, renames and deletes, leaving the guests ungrouped', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const family = await newGroup(token, eventId, '  משפחה  ');
    expect(family.statusCode).toBe(200);
    expect(family.json()).toEqual({ id: expect.any(String), name: 'משפחה', guestCount: 0 });
    const work = (await newGroup(token, eventId, 'Work')).json() as GroupDto;
    const guest = await addGuest(t, token, eventId, { groupId: family.json().id });
    await addGuest(t, token, eventId, { groupId: family.json().id });
    await addGuest(t, token, eventId);

    expect(await fetchGroups(token, eventId)).toEqual([
      { id: family.json().id, name: 'משפחה', guestCount: 2 },
      { id: work.id, name: 'Work', guestCount: 0 },
    ]);

    const renamed = await t.request('PUT', `/groups/${eventId}/${family.json().id}`, { token, body: { name: 'Family' } });
    expect(renamed.json()).toEqual({ id: family.json().id, name: 'Family', guestCount: 2 });
    // The same name in another case is still the group's own.
    expect((await t.request('PUT', `/groups/${eventId}/${family.json().id}`, { token, body: { name: 'FAMILY' } })).statusCode).toBe(200);

    expect((await t.request('DELETE', `/groups/${eventId}/${family.json().id}`, { token })).json()).toEqual({ ok: true });
    expect(await fetchGroups(token, eventId)).toEqual([{ id: work.id, name: 'Work', guestCount: 0 }]);
    expect((await t.request('GET', `/guests/${eventId}/${guest.id}`, { token })).json().groupId).toBeNull();
  });

  it('keeps names unique per event, trimmed and case-insensitive', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await newGroup(token, eventId, 'Friends');
    const other = (await newGroup(token, eventId, 'Work')).json() as GroupDto;
    for (const name of ['friends', ' FRIENDS ']) {
      const res = await newGroup(token, eventId, name);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('GROUP_NAME_EXISTS');
    }
    const rename = await t.request('PUT', `/groups/${eventId}/${other.id}`, { token, body: { name: 'fRiEnDs' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('GROUP_NAME_EXISTS');
    expect((await newGroup(token, await createEvent(t, token), 'Friends')).statusCode).toBe(200);
  });

  it('allows at most 10 groups, even when created in parallel', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await newGroup(token, eventId, 'First');
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => newGroup(token, eventId, `Group ${i}`)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(9);
    const refused = results.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => res.json().code)).toEqual(Array(5).fill('MAX_GROUPS_REACHED'));
    expect(refused[0]!.statusCode).toBe(409);
    expect(await fetchGroups(token, eventId)).toHaveLength(10);
  });

  it('validates the name', async () => {
    const { token, eventId } = await hostWithEvent(t);
    for (const name of ['', '   ', 'x'.repeat(41), 'a\u202Eb']) {
      const res = await newGroup(token, eventId, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('name');
    }
  });

  it('answers NOT_FOUND for a group of another event, even of the same host', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const otherEvent = await createEvent(t, token);
    const theirs = (await newGroup(token, otherEvent, 'Theirs')).json() as GroupDto;
    for (const res of [
      await t.request('PUT', `/groups/${eventId}/${theirs.id}`, { token, body: { name: 'Mine' } }),
      await t.request('DELETE', `/groups/${eventId}/${theirs.id}`, { token }),
      await t.request('DELETE', `/groups/${eventId}/${randomUUID()}`, { token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'group not found' });
    }
    expect(await fetchGroups(token, otherEvent)).toEqual([{ ...theirs, name: 'Theirs' }]);
  });
});
