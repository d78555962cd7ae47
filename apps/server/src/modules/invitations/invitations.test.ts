import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone, type AnswerHistoryResponse, type EventStatsDto, type GuestDto, type NotificationsResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest, hostWithEvent, nextPhone } from '../guests/guest-test-kit.js';
import { answer, fetchEvent, openPage, personalTokenOf, publicTokenOf, setEventDate, setProgressStatus } from './invite-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getGuest = async (token: string, eventId: string, guestId: string): Promise<GuestDto> =>
  (await t.request('GET', `/guests/${eventId}/${guestId}`, { token })).json() as GuestDto;
const stats = async (token: string, eventId: string): Promise<EventStatsDto> => {
  const res = await t.request('GET', `/stats/${eventId}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as EventStatsDto;
};
const history = async (token: string, eventId: string, query = ''): Promise<AnswerHistoryResponse> =>
  (await t.request('GET', `/guests/answers/${eventId}${query}`, { token })).json() as AnswerHistoryResponse;
const bell = async (token: string): Promise<NotificationsResponse> =>
  (await t.request('GET', '/notifications', { token })).json() as NotificationsResponse;

const withTransport = { transport: { ask: 'all_guests' as const, options: ['From Tel Aviv', 'From Haifa'] } };

describe('the personal page data', () => {
  it("answers the page in the guest's language with only what a guest may see", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { fullName: 'Yael Cohen', countOfInvites: 3, lang: 'en', askMeals: true, comments: 'owes us a gift' });
    expect(guest.inviteUrl).toMatch(/^http:\/\/magiim\.test\/invite\/[A-Za-z0-9_-]{22}$/);
    const res = await t.request('GET', `/invite/${personalTokenOf(guest)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      lang: 'en',
      dir: 'ltr',
      kind: 'personal',
      langs: ['he', 'en'],
      event: { name: "Noa and Dani's wedding", time: '19:30' },
      guest: { fullName: 'Yael Cohen', countOfInvites: 3 },
      questions: { meals: ['vegetarian', 'vegan'], transport: null, maxAttending: 3 },
      answer: null,
      closed: false,
    });
    // The host's fields never reach the guest.
    expect(res.body).not.toContain('owes us a gift');
    expect(res.body).not.toContain(guest.phoneNumber);
    expect(res.body).not.toContain(guest.id);
    expect(res.body).not.toContain(eventId);
    expect((await openPage(t, personalTokenOf(guest), '?lang=he')).event.name).toBe('החתונה של נועה ודני');
    // A language the event does not have falls back to the guest's.
    expect((await openPage(t, personalTokenOf(guest), '?lang=ru')).lang).toBe('en');
  });

  it('asks special meals only of flagged guests when the event asks some guests', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { askMeals: false });
    expect((await openPage(t, personalTokenOf(guest))).questions.meals).toBeNull();
  });

  it('counts each open by a guest, not link-preview crawlers', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const guestToken = personalTokenOf(guest);
    await openPage(t, guestToken);
    await openPage(t, guestToken);
    await t.app.inject({ method: 'GET', url: `/api/invite/${guestToken}`, headers: { 'x-platform': 'web', 'user-agent': 'WhatsApp/2.23.20.0 A' } });
    // The host opening the link in the browser they manage the event from (its host mark) is not a guest's view;
    // another user's mark (a host who is a guest here) is.
    const hostId = (await t.request('GET', '/user/me', { token })).json().userData.id as string;
    const otherId = (await t.request('GET', '/user/me', { token: (await signUpHost(t)).token })).json().userData.id as string;
    const openWithMark = (userId: string) =>
      t.app.inject({ method: 'GET', url: `/invite/${guestToken}`, headers: { cookie: `lang=he; magiim_host=${userId}` } });
    expect((await openWithMark(hostId)).statusCode).toBe(200);
    expect((await openWithMark(otherId)).statusCode).toBe(200);
    await t.ctx.inviteViews.flush();
    expect((await getGuest(token, eventId, guest.id)).viewedCount).toBe(3);
    expect((await stats(token, eventId)).viewed).toBe(1);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    expect((await t.request('GET', '/invite/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.request('GET', '/invite/p/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.request('GET', '/invite/public/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.request('GET', '/invite/bad%20token')).statusCode).toBe(400);
  });
});

describe('answering on the personal page', () => {
  it('stores coming with fewer people than invited as partly coming, with meals and transport', async () => {
    useFakePlaces(t);
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, withTransport);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 3, askMeals: true });
    const res = await answer(t, personalTokenOf(guest), {
      status: 'approved',
      attending: 2,
      meals: { vegan: 1 },
      transport: { option: 'From Haifa' },
      comments: 'מחכים!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answer: { status: 'approved', attending: 2, meals: { vegan: 1 }, transport: { option: 'From Haifa' } }, changedDecision: false });
    const stored = await getGuest(token, eventId, guest.id);
    expect(stored).toMatchObject({ status: 'approved', attending: 2, changedDecision: false, answer: { comments: 'מחכים!', meals: { vegan: 1 } } });
    const list = (await t.request('GET', `/guests/list/${eventId}?status=partiallyComing`, { token })).json();
    expect(list.items.map((g: GuestDto) => g.id)).toEqual([guest.id]);
    const figures = await stats(token, eventId);
    expect(figures).toMatchObject({ invited: 3, attending: 2, approved: 1, partiallyComing: 1, meals: { vegan: 1 }, transport: { 'From Haifa': 2 } });
  });

  it('refuses more people than invited, coming without a count, meals above the count and options the event lacks', async () => {
    useFakePlaces(t);
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, withTransport);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 2, askMeals: true });
    const guestToken = personalTokenOf(guest);
    const cases: [object, number, string, string][] = [
      [{ status: 'approved', attending: 3 }, 400, 'RESPONDERS_ABOVE_INVITEES', 'attending'],
      [{ status: 'approved' }, 400, 'VALIDATION', 'attending'],
      [{ status: 'approved', attending: 1, meals: { vegan: 1, vegetarian: 1 } }, 400, 'VALIDATION', 'meals'],
      [{ status: 'approved', attending: 2, meals: { glatt: 1 } }, 400, 'VALIDATION', 'meals.glatt'],
      [{ status: 'approved', attending: 2, transport: { option: 'By helicopter' } }, 400, 'VALIDATION', 'transport'],
      [{ status: 'soon' }, 400, 'VALIDATION', 'status'],
      [{ status: 'maybe', comments: 'a\u202Eb' }, 400, 'VALIDATION', 'comments'],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await answer(t, guestToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().issues?.[0]?.path).toBe(path);
    }
    expect((await getGuest(token, eventId, guest.id)).status).toBe('pending');
    expect((await history(token, eventId)).total).toBe(0);
  });

  it('keeps meals and transport only when coming and asked; declining stores no one', async () => {
    useFakePlaces(t);
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, withTransport);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 2, askMeals: false });
    const res = await answer(t, personalTokenOf(guest), { status: 'declined', attending: 2, meals: { vegan: 1 }, transport: { option: 'From Haifa' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toMatchObject({ status: 'declined', attending: 0, meals: {}, transport: null });
  });

  it('takes the same answer twice as one, and a different one as a changed decision kept in the history', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { fullName: 'Avi Levi', countOfInvites: 2 });
    const guestToken = personalTokenOf(guest);
    for (let i = 0; i < 2; i += 1) expect((await answer(t, guestToken, { status: 'approved', attending: 2 })).statusCode).toBe(200);
    expect((await history(token, eventId)).total).toBe(1);
    expect((await getGuest(token, eventId, guest.id)).changedDecision).toBe(false);

    const changed = await answer(t, guestToken, { status: 'declined' });
    expect(changed.json().changedDecision).toBe(true);
    const stored = await getGuest(token, eventId, guest.id);
    expect(stored).toMatchObject({ status: 'declined', attending: 0, changedDecision: true });

    const all = await history(token, eventId);
    expect(all.items.map((item) => [item.status, item.previousStatus, item.changed])).toEqual([
      ['declined', 'approved', true],
      ['approved', null, false],
    ]);
    expect((await history(token, eventId, `?changedOnly=true`)).items).toHaveLength(1);
    expect((await history(token, eventId, `?guestId=${guest.id}`)).total).toBe(2);

    const figures = await stats(token, eventId);
    expect(figures.guestStats).toEqual({ pending: 0, changedDecision: 1 });
    expect(figures.changedDecisions).toEqual([expect.objectContaining({ fullName: 'Avi Levi', from: 'approved', to: 'declined' })]);
    expect(figures.recentResponses[0]).toMatchObject({ fullName: 'Avi Levi', status: 'declined' });
    const changedList = (await t.request('GET', `/guests/list/${eventId}?status=changedDecision`, { token })).json();
    expect(changedList.items.map((g: GuestDto) => g.id)).toEqual([guest.id]);
  });

  it('closes answers after the event day, and says so on the page', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    await setEventDate(t, eventId, todayInBusinessZone());
    expect((await answer(t, personalTokenOf(guest), { status: 'maybe' })).statusCode).toBe(200);
    await setEventDate(t, eventId, addDays(todayInBusinessZone(), -1));
    const late = await answer(t, personalTokenOf(guest), { status: 'declined' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ANSWERS_CLOSED');
    expect((await openPage(t, personalTokenOf(guest))).closed).toBe(true);
    expect((await t.request('PUT', `/invite/wrongNumber/${personalTokenOf(guest)}`)).statusCode).toBe(409);
  });

  it('marks a wrong number and tells the host', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const res = await t.request('PUT', `/invite/wrongNumber/${personalTokenOf(guest)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toMatchObject({ status: 'wrongNumber' });
    expect((await getGuest(token, eventId, guest.id)).status).toBe('wrongNumber');
    expect((await stats(token, eventId)).wrongNumber).toBe(1);
    expect((await bell(token)).items[0]).toMatchObject({ eventId, type: 'wrongNumber', count: 1, read: false });
  });

  it('keeps every one of many parallel answers from different guests', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guests = await Promise.all(Array.from({ length: 40 }, () => addGuest(t, token, eventId, { countOfInvites: 2 })));
    const results = await Promise.all(guests.map((guest) => answer(t, personalTokenOf(guest), { status: 'approved', attending: 2 })));
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const figures = await stats(token, eventId);
    expect(figures).toMatchObject({ approved: 40, attending: 80 });
    expect((await bell(token)).items.find((n) => n.eventId === eventId)).toMatchObject({ type: 'approved', count: 40 });
  });

  it("orders a guest's history by the order answers were stored: after 40 parallel answers the newest is the guest's answer", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 20 });
    const link = personalTokenOf(guest);
    // Each answer differs from every other, so each one is a new history row.
    const answers = Array.from({ length: 40 }, (_, i) => ({ status: 'approved', attending: (i % 20) + 1, comments: `answer ${i}` }));
    const results = await Promise.all(answers.map((body) => answer(t, link, body)));
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const stored = await getGuest(token, eventId, guest.id);
    const items = (await history(token, eventId, `?guestId=${guest.id}&pageSize=100`)).items;
    expect(items).toHaveLength(40);
    expect({ attending: items[0]?.attending, comments: items[0]?.comments }).toEqual({ attending: stored.attending, comments: stored.answer?.comments });
  });
});

describe('the public page', () => {
  it('matches an answer to a listed guest by phone in any spelling', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { phoneNumber: '052-765-4321', countOfInvites: 2 });
    const publicToken = publicTokenOf(await fetchEvent(t, token, eventId));
    const page = (await t.request('GET', `/invite/public/${publicToken}`)).json();
    expect(page).toMatchObject({ kind: 'public', guest: null, lang: 'he', questions: { maxAttending: 20 } });
    const res = await t.request('POST', `/invite/public/${publicToken}`, {
      body: { fullName: 'Someone', phoneNumber: '+972527654321', lang: 'en', status: 'approved', attending: 2 },
    });
    expect(res.statusCode).toBe(200);
    const stored = await getGuest(token, eventId, guest.id);
    expect(stored).toMatchObject({ status: 'approved', attending: 2, fullName: guest.fullName });
    expect((await t.request('GET', `/guests/list/${eventId}`, { token })).json().total).toBe(1);
    expect((await history(token, eventId)).items[0]).toMatchObject({ source: 'public', typedName: 'Someone' });
  });

  it('refuses a language the event does not have', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const publicToken = publicTokenOf(await fetchEvent(t, token, eventId));
    const res = await t.request('POST', `/invite/public/${publicToken}`, {
      body: { fullName: 'X', phoneNumber: nextPhone(), lang: 'ru', status: 'maybe' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('links the host controls', () => {
  it('rotates a personal link: the old one stops working', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const rotated = await t.request('POST', `/guests/rotate-link/${eventId}/${guest.id}`, { token });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as GuestDto;
    expect(fresh.inviteUrl).not.toBe(guest.inviteUrl);
    expect((await t.request('GET', `/invite/${personalTokenOf(guest)}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/invite/${personalTokenOf(fresh)}`)).statusCode).toBe(200);
    // The link is stable between reads (derived, not stored).
    expect((await getGuest(token, eventId, guest.id)).inviteUrl).toBe(fresh.inviteUrl);
  });

  it('rotates the public link', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const before = await fetchEvent(t, token, eventId);
    const res = await t.request('POST', `/event/rotate-public-link/${eventId}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicInviteUrl).not.toBe(before.publicInviteUrl);
    expect((await fetchEvent(t, token, eventId)).publicInviteUrl).toBe(res.json().publicInviteUrl);
    expect((await t.request('GET', `/invite/public/${publicTokenOf(before)}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/invite/public/${publicTokenOf(res.json())}`)).statusCode).toBe(200);
  });

  it("refuses another host on every host endpoint, and shows them none of the event's notifications", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    await answer(t, personalTokenOf(guest), { status: 'maybe' });
    const { token: other } = await signUpHost(t);
    const calls: ['GET' | 'POST', string][] = [
      ['GET', `/stats/${eventId}`],
      ['GET', `/guests/answers/${eventId}`],
      ['POST', `/guests/rotate-link/${eventId}/${guest.id}`],
      ['POST', `/event/rotate-public-link/${eventId}`],
      ['GET', `/event/${eventId}/preview-links`],
    ];
    for (const [method, url] of calls) {
      expect((await t.request(method, url, { token: other })).statusCode, url).toBe(404);
      expect((await t.request(method, url)).statusCode, url).toBe(401);
    }
    expect(await bell(other)).toEqual({ items: [], unread: 0 });
    expect((await bell(token)).unread).toBe(1);
  });
});

describe('host statistics and the bell', () => {
  it('counts people per group and status, pending before payment and in progress after', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const family = (await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: 'Family' } })).json();
    const a = await addGuest(t, token, eventId, { countOfInvites: 4, groupId: family.id });
    const b = await addGuest(t, token, eventId, { countOfInvites: 2, groupId: family.id });
    await addGuest(t, token, eventId, { countOfInvites: 1 });
    await answer(t, personalTokenOf(a), { status: 'approved', attending: 3 });
    await answer(t, personalTokenOf(b), { status: 'maybe' });
    const figures = await stats(token, eventId);
    expect(figures).toMatchObject({ guests: 3, invited: 7, attending: 3, approved: 1, maybe: 1, noAnswer: 1, guestStats: { pending: 1, changedDecision: 0 } });
    expect(figures.guestStats.inProgress).toBeUndefined();
    expect(figures.byGroup).toEqual([
      { groupId: family.id, name: 'Family', invited: 6, attending: 3, declined: 0, maybe: 2, noAnswer: 0 },
      { groupId: null, name: null, invited: 1, attending: 0, declined: 0, maybe: 0, noAnswer: 1 },
    ]);
    await setProgressStatus(t, eventId, 1);
    expect((await stats(token, eventId)).guestStats).toEqual({ inProgress: 1, changedDecision: 0 });
  });

  it('groups a burst of answers per event and kind until read, then starts again', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guests = await Promise.all(Array.from({ length: 3 }, () => addGuest(t, token, eventId)));
    for (const guest of guests) await answer(t, personalTokenOf(guest), { status: 'approved', attending: 1 });
    let bellNow = await bell(token);
    expect(bellNow.unread).toBe(1);
    expect(bellNow.items).toEqual([
      expect.objectContaining({ eventId, type: 'approved', count: 3, read: false, defaultLang: 'he', messageSystem: null, eventNames: expect.objectContaining({ he: 'החתונה של נועה ודני' }) }),
    ]);
    expect((await t.request('PUT', '/notifications/read', { token, body: {} })).statusCode).toBe(200);
    expect((await bell(token)).unread).toBe(0);
    await answer(t, personalTokenOf(guests[0]!), { status: 'declined' });
    bellNow = await bell(token);
    expect(bellNow.unread).toBe(1);
    expect(bellNow.items.map((n) => [n.type, n.count, n.read])).toEqual([
      ['changedDecision', 1, false],
      ['approved', 3, true],
    ]);
  });
});

describe('limits on guessing', () => {
  // About 130 requests one after another: 30 s was not enough on a busy machine.
  it('ends guessed tokens in 429 while guests behind the same address keep opening and answering', { timeout: 90_000 }, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      useFakePlaces(limited);
      const { token } = await signUpHost(limited);
      const eventId = await createEvent(limited, token);
      const guest = await addGuest(limited, token, eventId);
      const carrierIp = '10.20.30.40';
      const statuses: number[] = [];
      for (let i = 0; i < 80; i += 1) {
        const guess = `guess${String(i).padStart(17, '0')}`;
        statuses.push((await limited.request('GET', `/invite/${guess}`, { ip: carrierIp })).statusCode);
      }
      expect(statuses.slice(0, 50).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const own = await limited.request('GET', `/invite/${personalTokenOf(guest)}`, { ip: carrierIp });
      expect(own.statusCode).toBe(200);
      expect((await limited.request('POST', `/invite/${personalTokenOf(guest)}`, { ip: carrierIp, body: { status: 'maybe' } })).statusCode).toBe(200);
      // Answers per link are limited too.
      let last = 200;
      for (let i = 0; i < 40 && last !== 429; i += 1) {
        last = (await limited.request('POST', `/invite/${personalTokenOf(guest)}`, { body: { status: i % 2 ? 'maybe' : 'declined' } })).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
