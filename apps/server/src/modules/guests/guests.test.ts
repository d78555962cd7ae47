import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestDto, GuestListResponse } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createEvent } from '../events/event-test-kit.js';
import { addGuest, hostWithEvent, nextPhone, setGuestAnswer, setInviteeLimit } from './guest-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = async (token: string, eventId: string, query = ''): Promise<GuestListResponse> => {
  const res = await t.request('GET', `/guests/list/${eventId}${query ? `?${query}` : ''}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as GuestListResponse;
};

describe('adding a guest', () => {
  it("stores the phone as E.164, defaults to one invite, no group and the event's language", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const res = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: '  נועה ברק ', phoneNumber: '050-111-2233' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'נועה ברק',
      phoneNumber: '+972501112233',
      countOfInvites: 1,
      groupId: null,
      lang: 'he',
      askTransport: false,
      askMeals: false,
      comments: '',
      status: 'pending',
      viewedCount: 0,
      attending: null,
    });
    const one = await t.request('GET', `/guests/${eventId}/${res.json().id}`, { token });
    expect(one.json()).toEqual(res.json());
  });

  it('refuses a phone already on the list in any spelling, and takes it on another event', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await addGuest(t, token, eventId, { phoneNumber: '0521234567' });
    const again = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Other', phoneNumber: '+972 52-123-4567' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PHONE_EXISTS');
    const otherEvent = await createEvent(t, token);
    expect((await t.request('POST', `/guests/new/${otherEvent}`, { token, body: { fullName: 'Other', phoneNumber: '0521234567' } })).statusCode).toBe(200);
  });

  it('takes foreign numbers with a country code and refuses nonsense (landlines are taken: calls only)', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const foreign = await addGuest(t, token, eventId, { phoneNumber: '+44 7911 123456' });
    expect(foreign.phoneNumber).toBe('+447911123456');
    for (const phoneNumber of ['02-123', '12345', 'abc']) {
      const res = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'X', phoneNumber } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path: 'phoneNumber', message: 'validation.invalidPhone' });
    }
  });

  it("refuses a language the event does not use and a group of another event", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const ru = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Ivan', phoneNumber: nextPhone(), lang: 'ru' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().issues).toEqual([{ path: 'lang', message: 'validation.invalidValue' }]);

    const otherEvent = await createEvent(t, token);
    const foreignGroup = (await t.request('POST', `/groups/new/${otherEvent}`, { token, body: { name: 'Family' } })).json().id;
    const res = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Avi', phoneNumber: nextPhone(), groupId: foreignGroup } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'groupId', message: 'validation.invalidValue' }]);
    expect((await list(token, eventId)).total).toBe(0);
  });

  it('validates with the shared rules', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const res = await t.request('POST', `/guests/new/${eventId}`, {
      token,
      body: { fullName: 'a\u202Eb', phoneNumber: nextPhone(), countOfInvites: 21, comments: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().issues as { path: string }[]).map((issue) => issue.path).sort();
    expect(paths).toEqual(['comments', 'countOfInvites', 'fullName']);
  });

  it('stops at the package cap, even for parallel adds', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await setInviteeLimit(t, eventId, 5);
    await addGuest(t, token, eventId);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: `Guest ${i}`, phoneNumber: nextPhone() } }),
      ),
    );
    const codes = results.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(4);
    expect(codes.filter((code) => code === 'INVITEE_LIMIT_REACHED')).toHaveLength(8);
    expect(results.find((res) => res.statusCode !== 200)?.statusCode).toBe(409);
    expect((await list(token, eventId)).counts.all).toBe(5);
  });

  it('lets exactly one of parallel adds with the same phone in', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const phoneNumber = nextPhone();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Twin', phoneNumber } })),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode !== 200).map((res) => res.json().code)).toEqual(Array(5).fill('PHONE_EXISTS'));
  });
});

describe('adding a guest with a group by name (quick add)', () => {
  const groupsOf = async (token: string, eventId: string) =>
    ((await t.request('GET', `/groups/fetch/${eventId}`, { token })).json() as { id: string; name: string }[]).map((group) => group.name);

  it('creates the group with the guest, and finds an existing one whatever its case', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const first = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Dana', phoneNumber: nextPhone(), groupName: ' Work  Friends ' } });
    expect(first.statusCode).toBe(200);
    const second = await addGuest(t, token, eventId, { groupName: 'work friends' });
    expect(second.groupId).toBe((first.json() as GuestDto).groupId);
    expect(await groupsOf(token, eventId)).toEqual(['Work Friends']);
  });

  it('makes one group of parallel adds with the same new name, and none when the guest is refused', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'A', phoneNumber: nextPhone(), groupName: 'Family' } })),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((res) => (res.json() as GuestDto).groupId)).size).toBe(1);
    const taken = (await list(token, eventId)).items[0]!.phoneNumber;
    const refused = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'B', phoneNumber: taken, groupName: 'Neighbours' } });
    expect(refused.json().code).toBe('PHONE_EXISTS');
    expect(await groupsOf(token, eventId)).toEqual(['Family']);
  });

  it('validates the name like the groups feature and keeps to the group limit', async () => {
    const { token, eventId } = await hostWithEvent(t);
    for (const groupName of ['', 'a'.repeat(101), 'bad\u202Ename']) {
      const res = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'A', phoneNumber: nextPhone(), groupName } });
      expect(res.statusCode, groupName).toBe(400);
    }
    for (let i = 0; i < 10; i++) await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: `G${i}` } });
    const full = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'A', phoneNumber: nextPhone(), groupName: 'Eleventh' } });
    expect(full.json().code).toBe('MAX_GROUPS_REACHED');
    expect((await list(token, eventId)).total).toBe(0);
  });

  it("refuses another host's event", async () => {
    const { eventId } = await hostWithEvent(t);
    const { token: stranger } = await hostWithEvent(t);
    const res = await t.request('POST', `/guests/new/${eventId}`, { token: stranger, body: { fullName: 'A', phoneNumber: nextPhone(), groupName: 'Mine' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('editing a guest', () => {
  it('changes what differs and answers the guest', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const group = (await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: 'Work' } })).json();
    const res = await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, {
      token,
      body: { fullName: 'Dana Levi-Cohen', countOfInvites: 3, groupId: group.id, lang: 'en', askMeals: true, comments: 'line 1\r\nline 2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Dana Levi-Cohen', countOfInvites: 3, groupId: group.id, lang: 'en', askMeals: true, comments: 'line 1\nline 2' });
    expect(res.json().updatedAt >= guest.updatedAt).toBe(true);
  });

  it('answers NOTHING_CHANGED when nothing differs, the phone in another spelling included', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { phoneNumber: '0541112233', countOfInvites: 2 });
    for (const body of [{}, { phoneNumber: '054-111-2233' }, { phoneNumber: '+972541112233', countOfInvites: 2, fullName: guest.fullName }]) {
      const res = await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, { token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NOTHING_CHANGED');
    }
  });

  it("refuses another guest's phone", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const first = await addGuest(t, token, eventId);
    const second = await addGuest(t, token, eventId);
    const res = await t.request('PUT', `/guests/edit/${eventId}/${second.id}`, { token, body: { phoneNumber: first.phoneNumber } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PHONE_EXISTS');
  });

  it('refuses fewer invites than guests already coming', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 4 });
    await setGuestAnswer(t, guest.id, 'approved', 3);
    const below = await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, { token, body: { countOfInvites: 2 } });
    expect(below.statusCode).toBe(400);
    expect(below.json().code).toBe('INVITEES_BELOW_RESPONDERS');
    expect((await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, { token, body: { countOfInvites: 3 } })).statusCode).toBe(200);
  });

  it('answers NOT_FOUND for a guest of another event, even of the same host', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const otherEvent = await createEvent(t, token);
    const guest = await addGuest(t, token, otherEvent);
    for (const res of [
      await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, { token, body: { fullName: 'Moved' } }),
      await t.request('GET', `/guests/${eventId}/${guest.id}`, { token }),
      await t.request('DELETE', `/guests/${eventId}/${guest.id}`, { token }),
      await t.request('GET', `/guests/${eventId}/${randomUUID()}`, { token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'guest not found' });
    }
    expect((await t.request('GET', `/guests/${otherEvent}/${guest.id}`, { token })).json().fullName).toBe('Dana Levi');
  });
});

describe('deleting guests', () => {
  it('deletes a pending guest and refuses one in process', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const pending = await addGuest(t, token, eventId);
    const sent = await addGuest(t, token, eventId);
    await setGuestAnswer(t, sent.id, 'inProgress');
    expect((await t.request('DELETE', `/guests/${eventId}/${pending.id}`, { token })).json()).toEqual({ ok: true });
    const refused = await t.request('DELETE', `/guests/${eventId}/${sent.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GUESTS_IN_PROCESS');
    expect((await list(token, eventId)).items.map((guest) => guest.id)).toEqual([sent.id]);
  });
});

describe('bulk actions', () => {
  it('moves to a group, out of it and sets the language, counting only guests of the event', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const otherEvent = await createEvent(t, token);
    const mine = [await addGuest(t, token, eventId), await addGuest(t, token, eventId), await addGuest(t, token, eventId)];
    const foreign = await addGuest(t, token, otherEvent);
    const group = (await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: 'Friends' } })).json();
    const ids = [mine[0]!.id, mine[1]!.id, foreign.id, randomUUID()];

    const moved = await t.request('POST', `/guests/bulk/${eventId}`, { token, body: { guestIds: ids, action: 'moveToGroup', groupId: group.id } });
    expect(moved.json()).toEqual({ affected: 2 });
    expect((await list(token, eventId, `groupId=${group.id}`)).total).toBe(2);
    expect((await t.request('GET', `/guests/${otherEvent}/${foreign.id}`, { token })).json().groupId).toBeNull();

    const lang = await t.request('POST', `/guests/bulk/${eventId}`, { token, body: { guestIds: ids, action: 'setLang', lang: 'en' } });
    expect(lang.json()).toEqual({ affected: 2 });
    expect((await t.request('GET', `/guests/${otherEvent}/${foreign.id}`, { token })).json().lang).toBe('he');

    const out = await t.request('POST', `/guests/bulk/${eventId}`, { token, body: { guestIds: ids, action: 'moveToGroup', groupId: null } });
    expect(out.json()).toEqual({ affected: 2 });
    expect((await list(token, eventId, 'groupId=none')).total).toBe(3);
  });

  it("refuses a group of another event, a language the event does not use, and a missing group or language", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const otherEvent = await createEvent(t, token);
    const foreignGroup = (await t.request('POST', `/groups/new/${otherEvent}`, { token, body: { name: 'Theirs' } })).json().id;
    const cases = [
      { body: { guestIds: [guest.id], action: 'moveToGroup', groupId: foreignGroup }, path: 'groupId' },
      { body: { guestIds: [guest.id], action: 'setLang', lang: 'ar' }, path: 'lang' },
      { body: { guestIds: [guest.id], action: 'moveToGroup' }, path: 'groupId' },
      { body: { guestIds: [guest.id], action: 'setLang' }, path: 'lang' },
    ];
    for (const { body, path } of cases) {
      const res = await t.request('POST', `/guests/bulk/${eventId}`, { token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((issue: { path: string }) => issue.path)).toEqual([path]);
    }
  });

  it('deletes pending guests only: one in process refuses the whole action', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guests = [await addGuest(t, token, eventId), await addGuest(t, token, eventId), await addGuest(t, token, eventId)];
    await setGuestAnswer(t, guests[2]!.id, 'approved', 1);
    const refused = await t.request('POST', `/guests/bulk/${eventId}`, { token, body: { guestIds: guests.map((g) => g.id), action: 'delete' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GUESTS_IN_PROCESS');
    expect((await list(token, eventId)).total).toBe(3);
    const done = await t.request('POST', `/guests/bulk/${eventId}`, { token, body: { guestIds: [guests[0]!.id, guests[1]!.id, randomUUID()], action: 'delete' } });
    expect(done.json()).toEqual({ affected: 2 });
    expect((await list(token, eventId)).total).toBe(1);
  });
});

describe('the guest list', () => {
  let token: string;
  let eventId: string;
  let byName: Record<string, GuestDto>;
  let familyId: string;

  beforeAll(async () => {
    ({ token, eventId } = await hostWithEvent(t));
    familyId = (await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: 'Family' } })).json().id;
    byName = {};
    const people: [string, string, number, boolean][] = [
      ['Avi Cohen', '050-100-0001', 2, true],
      ['Batya Levi', '052-200-0002', 3, false],
      ['Chen Mizrahi', '054-300-0003', 1, true],
      ['Dalia 100% Sure', '058-400-0004', 4, false],
      ['Eli Katz', '+44 7911 123555', 2, false],
    ];
    for (const [fullName, phoneNumber, countOfInvites, inFamily] of people) {
      byName[fullName] = await addGuest(t, token, eventId, { fullName, phoneNumber, countOfInvites, groupId: inFamily ? familyId : null });
    }
    await setGuestAnswer(t, byName['Avi Cohen']!.id, 'approved', 2, 3);
    await setGuestAnswer(t, byName['Batya Levi']!.id, 'approved', 1, 1);
    await setGuestAnswer(t, byName['Chen Mizrahi']!.id, 'declined', 0, 2);
    await setGuestAnswer(t, byName['Dalia 100% Sure']!.id, 'inProgress');
  });

  const names = (response: GuestListResponse) => response.items.map((guest) => guest.fullName);

  it('pages the newest first by default, with the total and counts over the whole event', async () => {
    const first = await list(token, eventId, 'pageSize=2');
    expect(names(first)).toEqual(['Eli Katz', 'Dalia 100% Sure']);
    expect(first.total).toBe(5);
    expect(first.counts).toEqual({
      pending: 1,
      inProgress: 1,
      approved: 2,
      declined: 1,
      maybe: 0,
      changedDecision: 0,
      wrongNumber: 0,
      partiallyComing: 1,
      viewed: 3,
      notReached: 0,
      all: 5,
    });
    expect(names(await list(token, eventId, 'pageSize=2&page=3'))).toEqual(['Avi Cohen']);
    const past = await list(token, eventId, 'pageSize=2&page=9');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(5);
  });

  it('filters by status, partly coming, group, no group and viewed; counts stay whole-event', async () => {
    expect(names(await list(token, eventId, 'status=approved&sort=name'))).toEqual(['Avi Cohen', 'Batya Levi']);
    const partial = await list(token, eventId, 'status=partiallyComing');
    expect(names(partial)).toEqual(['Batya Levi']);
    expect(partial.total).toBe(1);
    expect(partial.counts.all).toBe(5);
    expect(names(await list(token, eventId, `groupId=${familyId}&sort=name`))).toEqual(['Avi Cohen', 'Chen Mizrahi']);
    expect(names(await list(token, eventId, 'groupId=none&sort=name'))).toEqual(['Batya Levi', 'Dalia 100% Sure', 'Eli Katz']);
    expect(names(await list(token, eventId, 'viewed=true&sort=name'))).toEqual(['Avi Cohen', 'Batya Levi', 'Chen Mizrahi']);
    expect(names(await list(token, eventId, 'viewed=false&sort=name'))).toEqual(['Dalia 100% Sure', 'Eli Katz']);
    expect(names(await list(token, eventId, `viewed=true&status=approved&groupId=${familyId}`))).toEqual(['Avi Cohen']);
  });

  it('searches names case-insensitively and phones as the host types them', async () => {
    expect(names(await list(token, eventId, 'q=cohen'))).toEqual(['Avi Cohen']);
    expect(names(await list(token, eventId, `q=${encodeURIComponent('100%')}`))).toEqual(['Dalia 100% Sure']);
    expect(names(await list(token, eventId, 'q=_'))).toEqual([]);
    expect(names(await list(token, eventId, 'q=052-200'))).toEqual(['Batya Levi']);
    expect(names(await list(token, eventId, 'q=0543000003'))).toEqual(['Chen Mizrahi']);
    expect(names(await list(token, eventId, `q=${encodeURIComponent('+972 58')}`))).toEqual(['Dalia 100% Sure']);
    expect(names(await list(token, eventId, 'q=7911123'))).toEqual(['Eli Katz']);
    expect(names(await list(token, eventId, 'q=00447911'))).toEqual(['Eli Katz']);
    const none = await list(token, eventId, 'q=nobody');
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('sorts by name, status, invites and views both ways', async () => {
    expect(names(await list(token, eventId, 'sort=name'))).toEqual(['Avi Cohen', 'Batya Levi', 'Chen Mizrahi', 'Dalia 100% Sure', 'Eli Katz']);
    expect(names(await list(token, eventId, 'sort=-name'))[0]).toBe('Eli Katz');
    expect(names(await list(token, eventId, 'sort=createdAt'))[0]).toBe('Avi Cohen');
    expect(names(await list(token, eventId, 'sort=status'))).toEqual(['Eli Katz', 'Dalia 100% Sure', 'Batya Levi', 'Avi Cohen', 'Chen Mizrahi']);
    expect(names(await list(token, eventId, 'sort=-countOfInvites'))).toEqual(['Dalia 100% Sure', 'Batya Levi', 'Eli Katz', 'Avi Cohen', 'Chen Mizrahi']);
    expect(names(await list(token, eventId, 'sort=-viewedCount'))[0]).toBe('Avi Cohen');
  });

  it('refuses a bad query with validation issues', async () => {
    for (const query of ['status=coming', 'groupId=family', 'viewed=yes', 'sort=phone', 'pageSize=201', 'page=0', `q=${'x'.repeat(101)}`]) {
      const res = await t.request('GET', `/guests/list/${eventId}?${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});
