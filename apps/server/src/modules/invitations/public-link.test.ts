import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_PHONES_PER_ADDRESS,
  type AnswerHistoryResponse,
  type GuestDto,
  type GuestListResponse,
  type InvitePageDto,
  type PublicAnswersResponse,
  type PublicLinkState,
} from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent, nextPhone, setInviteeLimit } from '../guests/guest-test-kit.js';
import { answer, fetchEvent, personalTokenOf, publicTokenOf } from './invite-test-kit.js';
import { PAGE_TEXTS } from './page/page-texts.js';

// Hosts sign up on `t` (limits off); visitors answer on `guarded`, a second process on the same database with
// the limits on. Every test answers from its own address unless it tests the address limit. The parallel bursts
// below wait their turn on a bucket's lock holding a connection each: on a busy machine some waited past the 5 s
// default for a free connection and answered 503 (8 of 10 passed), which is overload, not what these tests test.
let t: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  guarded = await createTestApp({ RATE_LIMITS: 'on', DB_POOL_WAIT_TIMEOUT_MS: '30000' }, {}, t);
});
afterAll(async () => {
  await guarded?.close();
  await t?.close();
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const setup = async () => {
  const { token, eventId } = await hostWithEvent(t);
  const publicToken = publicTokenOf(await fetchEvent(t, token, eventId));
  return { token, eventId, publicToken };
};
const answerPublic = (publicToken: string, body: Record<string, unknown>, ip = nextIp()) =>
  guarded.request('POST', `/invite/public/${publicToken}`, { body: { fullName: 'Someone Typing', lang: 'he', ...body }, ip });
const getGuest = async (token: string, eventId: string, guestId: string): Promise<GuestDto> =>
  (await t.request('GET', `/guests/${eventId}/${guestId}`, { token })).json() as GuestDto;
const kept = async (token: string, eventId: string, query = ''): Promise<PublicAnswersResponse['items']> =>
  ((await t.request('GET', `/guests/public-answers/${eventId}${query}`, { token })).json() as PublicAnswersResponse).items;
const history = async (token: string, eventId: string, query = ''): Promise<AnswerHistoryResponse['items']> =>
  ((await t.request('GET', `/guests/answers/${eventId}${query}`, { token })).json() as AnswerHistoryResponse).items;
const guestList = async (token: string, eventId: string): Promise<GuestListResponse> =>
  (await t.request('GET', `/guests/list/${eventId}`, { token })).json() as GuestListResponse;
const linkState = async (token: string, eventId: string): Promise<PublicLinkState> =>
  (await t.request('GET', `/event/${eventId}/public-link`, { token })).json() as PublicLinkState;
const setLink = (token: string, eventId: string, body: object) => t.request('PUT', `/event/${eventId}/public-link`, { token, body });

describe('a listed guest answering through the public link', () => {
  it('applies the answer of a guest who has not answered yet, marked as from the public link with the typed name', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { phoneNumber: '052-765-4321', countOfInvites: 2, fullName: 'Dana Levi' });
    const res = await answerPublic(publicToken, { phoneNumber: '+972527654321', status: 'approved', attending: 2, fullName: 'Dana for both of us' });
    expect(res.statusCode).toBe(200);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'approved', attending: 2, fullName: 'Dana Levi' });
    expect((await history(token, eventId))[0]).toMatchObject({ guestId: guest.id, source: 'public', typedName: 'Dana for both of us' });
    expect(await kept(token, eventId)).toEqual([]);
  });

  it("keeps the answer beside one the guest gave on their own link: the guest's answer and page stay, the host applies it", async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { countOfInvites: 3 });
    const own = personalTokenOf(guest);
    expect((await answer(t, own, { status: 'approved', attending: 3 })).statusCode).toBe(200);

    const res = await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'declined', fullName: 'Not Dana' });
    expect(res.statusCode).toBe(200);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'approved', attending: 3 });
    const page = (await t.request('GET', `/invite/${own}`)).json() as InvitePageDto;
    expect(page.answer).toMatchObject({ status: 'approved', attending: 3 });
    const [item, ...rest] = await kept(token, eventId, `?guestId=${guest.id}`);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ guestId: guest.id, guestName: guest.fullName, reason: 'alreadyAnswered', typedName: 'Not Dana', status: 'declined' });
    expect(await linkState(token, eventId)).toMatchObject({ waitingAnswers: 1, waitingGuests: 0 });

    const applied = await t.request('POST', `/guests/public-answers/apply/${eventId}/${item?.id}`, { token });
    expect(applied.statusCode).toBe(200);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'declined', changedDecision: true });
    expect((await history(token, eventId, `?guestId=${guest.id}`))[0]).toMatchObject({ source: 'public', typedName: 'Not Dana', status: 'declined' });
    expect(await kept(token, eventId)).toEqual([]);
  });

  it("dismissing a kept answer leaves the guest's own answer as it was", async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId);
    await answer(t, personalTokenOf(guest), { status: 'maybe' });
    await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'declined' });
    const [item] = await kept(token, eventId);
    expect((await t.request('POST', `/guests/public-answers/dismiss/${eventId}/${item?.id}`, { token })).statusCode).toBe(200);
    expect(await kept(token, eventId)).toEqual([]);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'maybe' });
    expect((await t.request('POST', `/guests/public-answers/dismiss/${eventId}/${item?.id}`, { token })).statusCode).toBe(404);
  });

  it('keeps a count above the invitation for the host instead of refusing it, and never applies it over the invitation', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { countOfInvites: 2 });
    const res = await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'approved', attending: 7 });
    expect(res.statusCode).toBe(200);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'pending', attending: null });
    const [item] = await kept(token, eventId);
    expect(item).toMatchObject({ reason: 'aboveInvitation', attending: 7, countOfInvites: 2 });
    const applied = await t.request('POST', `/guests/public-answers/apply/${eventId}/${item?.id}`, { token });
    expect(applied.json()).toMatchObject({ code: 'RESPONDERS_ABOVE_INVITEES' });
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'pending' });
  });
});

describe('the reply tells nothing about the list', () => {
  it('is the same whole response for a listed phone (answered or not, any invitation size) and an unlisted one, whatever the count', async () => {
    const { token, eventId, publicToken } = await setup();
    const small = await addGuest(t, token, eventId, { countOfInvites: 1 });
    const answered = await addGuest(t, token, eventId, { countOfInvites: 5 });
    await answer(t, personalTokenOf(answered), { status: 'declined' });
    await setInviteeLimit(t, eventId, 3);
    await addGuest(t, token, eventId);
    // The package is now full as well: a new phone is kept for the host, not refused.
    for (const attending of [1, 4, 20]) {
      const body = { status: 'approved', attending, comments: 'See you there', fullName: 'Rina' };
      const replies = await Promise.all(
        [small.phoneNumber, answered.phoneNumber, nextPhone()].map(async (phoneNumber) => {
          const res = await answerPublic(publicToken, { ...body, phoneNumber });
          return { status: res.statusCode, body: res.body };
        }),
      );
      expect(replies[0]?.status).toBe(200);
      expect(replies[1]).toEqual(replies[0]);
      expect(replies[2]).toEqual(replies[0]);
      expect(JSON.parse(replies[0]?.body ?? '')).toEqual({
        received: true,
        fullName: 'Rina',
        answer: { status: 'approved', attending, meals: {}, transport: null, comments: 'See you there' },
      });
    }
  });

  it('renders the same HTML page for a listed and an unlisted phone', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { countOfInvites: 1, phoneNumber: '050-111-2233' });
    await answer(t, personalTokenOf(guest), { status: 'declined' });
    const post = (phoneNumber: string) =>
      guarded.app.inject({
        method: 'POST',
        url: `/invite/p/${publicToken}?lang=en`,
        remoteAddress: nextIp(),
        payload: new URLSearchParams({ fullName: 'Avi', phoneNumber, lang: 'he', status: 'approved', attending: '6' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const listed = await post('050-111-2233');
    const unlisted = await post('050-999-8877');
    expect(listed.statusCode).toBe(200);
    expect(unlisted.statusCode).toBe(200);
    expect(listed.body).toContain(PAGE_TEXTS.en.publicHeld);
    expect(listed.body.replace('050-111-2233', 'PHONE')).toBe(unlisted.body.replace('050-999-8877', 'PHONE'));
  });

  it('still answers field errors for a malformed answer, the same for every phone', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId);
    const listed = await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'approved', attending: 21 });
    const unlisted = await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 21 });
    expect(listed.statusCode).toBe(400);
    expect(unlisted.body).toBe(listed.body);
  });
});

describe("the host's choices", () => {
  it('off: the page and the JSON say the link is closed, the same for every visitor', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId);
    expect((await setLink(token, eventId, { mode: 'off', approveNewGuests: false, newGuestBudget: 50 })).statusCode).toBe(200);
    expect((await t.request('GET', `/invite/public/${publicToken}`)).json()).toMatchObject({ code: 'PUBLIC_LINK_CLOSED' });
    const listed = await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'maybe' });
    const unlisted = await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' });
    expect(listed.statusCode).toBe(403);
    expect(unlisted.body).toBe(listed.body);
    const page = await t.app.inject({ method: 'GET', url: `/invite/p/${publicToken}?lang=en` });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(PAGE_TEXTS.en.publicClosedTitle);
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'pending' });
  });

  it('listed: a phone not on the list is kept for the host, not added', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'listed', approveNewGuests: false, newGuestBudget: 50 });
    const phoneNumber = nextPhone();
    expect((await answerPublic(publicToken, { phoneNumber, status: 'maybe', fullName: 'Stranger' })).statusCode).toBe(200);
    expect((await guestList(token, eventId)).total).toBe(0);
    expect(await kept(token, eventId, '?kind=guests')).toMatchObject([{ guestId: null, reason: 'notListed', typedName: 'Stranger' }]);
  });

  it('approval: new guests wait and count toward nothing until the host approves, within the package', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'open', approveNewGuests: true, newGuestBudget: 50 });
    await setInviteeLimit(t, eventId, 1);
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 2, fullName: 'Yael' });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 1, fullName: 'Moshe' });
    expect((await guestList(token, eventId)).total).toBe(0);
    const stats = (await t.request('GET', `/stats/${eventId}`, { token })).json();
    expect(JSON.stringify(stats)).not.toContain('"approved":1');
    const [yael, moshe] = await kept(token, eventId, '?kind=guests');
    expect(yael).toMatchObject({ reason: 'approval', typedName: 'Yael' });
    expect((await linkState(token, eventId)).waitingGuests).toBe(2);

    expect((await t.request('POST', `/guests/public-answers/apply/${eventId}/${yael?.id}`, { token })).statusCode).toBe(200);
    const list = await guestList(token, eventId);
    expect(list.items.map((g) => ({ fullName: g.fullName, status: g.status, attending: g.attending, countOfInvites: g.countOfInvites }))).toEqual([
      { fullName: 'Yael', status: 'approved', attending: 2, countOfInvites: 2 },
    ]);
    expect((await history(token, eventId))[0]).toMatchObject({ source: 'public', typedName: 'Yael' });
    // The package holds one guest: the second approval is refused and Moshe keeps waiting.
    expect((await t.request('POST', `/guests/public-answers/apply/${eventId}/${moshe?.id}`, { token })).json()).toMatchObject({
      code: 'INVITEE_LIMIT_REACHED',
    });
    expect(await kept(token, eventId, '?kind=guests')).toHaveLength(1);
    // The host's approval is not the link's: the budget counts only guests the link added on its own.
    expect((await linkState(token, eventId)).newGuestsUsed).toBe(0);
  });

  it('refuses a budget out of range', async () => {
    const { token, eventId } = await setup();
    expect((await setLink(token, eventId, { mode: 'open', approveNewGuests: false, newGuestBudget: -1 })).statusCode).toBe(400);
    expect((await setLink(token, eventId, { mode: 'everyone', approveNewGuests: false, newGuestBudget: 5 })).statusCode).toBe(400);
    expect(await linkState(token, eventId)).toEqual({ mode: 'open', approveNewGuests: false, newGuestBudget: 50, newGuestsUsed: 0, waitingGuests: 0, waitingAnswers: 0 });
  });

  it('refuses another host on every public-link endpoint', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId);
    await answer(t, personalTokenOf(guest), { status: 'maybe' });
    await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'declined' });
    const [item] = await kept(token, eventId);
    const { token: other } = await signUpHost(t);
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', `/event/${eventId}/public-link`],
      ['PUT', `/event/${eventId}/public-link`, { mode: 'off', approveNewGuests: false, newGuestBudget: 0 }],
      ['GET', `/guests/public-answers/${eventId}`],
      ['POST', `/guests/public-answers/apply/${eventId}/${item?.id}`],
      ['POST', `/guests/public-answers/dismiss/${eventId}/${item?.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.request(method, url, { token: other, ...(body ? { body } : {}) })).statusCode, url).toBe(404);
      expect((await t.request(method, url, body ? { body } : {})).statusCode, url).toBe(401);
    }
    expect(await linkState(token, eventId)).toMatchObject({ mode: 'open', waitingAnswers: 1 });
    expect(await getGuest(token, eventId, guest.id)).toMatchObject({ status: 'maybe' });
  });
});

describe('limits', () => {
  it('adds no more new guests than the budget under parallel answers; the rest wait for the host', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'open', approveNewGuests: false, newGuestBudget: 3 });
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe', fullName: `P ${i}` })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect((await guestList(token, eventId)).total).toBe(3);
    expect(await linkState(token, eventId)).toMatchObject({ newGuestsUsed: 3, newGuestBudget: 3, waitingGuests: 9 });
    expect((await kept(token, eventId, '?kind=guests')).every((item) => item.reason === 'overBudget')).toBe(true);
  });

  it('adds no more new guests than the package holds under parallel answers', async () => {
    const { token, eventId, publicToken } = await setup();
    await setInviteeLimit(t, eventId, 3);
    await addGuest(t, token, eventId);
    const replies = await Promise.all(Array.from({ length: 8 }, () => answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await guestList(token, eventId)).total).toBe(3);
    expect(await kept(token, eventId, '?kind=guests')).toHaveLength(6);
  });

  it(`passes at most ${PUBLIC_PHONES_PER_ADDRESS.max} distinct phones from one address under a parallel burst; the same phone again still passes`, async () => {
    const { publicToken } = await setup();
    const ip = nextIp();
    const phones = Array.from({ length: 30 }, () => nextPhone());
    const replies = await Promise.all(phones.map((phoneNumber) => answerPublic(publicToken, { phoneNumber, status: 'maybe' }, ip)));
    const passed = replies.filter((r) => r.statusCode === 200);
    expect(replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 429).map((r) => r.body)).toEqual([]);
    expect(passed).toHaveLength(PUBLIC_PHONES_PER_ADDRESS.max);
    expect(replies.filter((r) => r.statusCode === 429).every((r) => r.json().code === 'RATE_LIMITED')).toBe(true);
    const again = phones[replies.findIndex((r) => r.statusCode === 200)] ?? '';
    expect((await answerPublic(publicToken, { phoneNumber: again, status: 'declined' }, ip)).statusCode).toBe(200);
    expect((await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' }, nextIp())).statusCode).toBe(200);
  });

  it('counts IPv6 addresses per /64, and shows the limit on the page in the visitor language', async () => {
    const { publicToken } = await setup();
    for (let i = 0; i < PUBLIC_PHONES_PER_ADDRESS.max; i += 1) {
      expect((await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' }, `2001:db8:77:1::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' }, '2001:db8:77:1:abcd::9')).statusCode).toBe(429);
    expect((await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe' }, '2001:db8:77:2::1')).statusCode).toBe(200);
    const page = await guarded.app.inject({
      method: 'POST',
      url: `/invite/p/${publicToken}?lang=en`,
      remoteAddress: '2001:db8:77:1::99',
      payload: new URLSearchParams({ fullName: 'Avi', phoneNumber: nextPhone(), lang: 'he', status: 'maybe' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain(PAGE_TEXTS.en.err_RATE_LIMITED.split('{{')[0]);
  });
});
