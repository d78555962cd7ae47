import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HDate, HebrewCalendar } from '@hebcal/core';
import { addDays, MSG, type ActionTimingsResponse, type TimedAction } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { actionTimings, messagingPauses } from '../../../db/schema/messaging.js';
import { events } from '../../../db/schema/events.js';
import { users } from '../../../db/schema/users.js';
import { OutsideSendingHoursError } from '../../../platform/errors.js';
import { createEvent, eventInput, inDays, useFakePlaces } from '../../events/event-test-kit.js';
import { parseLocalDateTime } from '../local-time.js';
import { sendingWindowOn } from '../sending-hours.js';
import { startActionNow } from './timing.service.js';

let t: TestApp;
let owner: string;
let ownerId: string;
let intruder: string;

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
/**
 * A Monday at least `days` ahead whose next five weeks have no holiday or holiday eve (every Sunday–Thursday
 * open until 21:00), so the expected times below are plain weekday arithmetic whenever the suite runs.
 */
const plainMonday = (days: number): string => {
  let monday = inDays(days);
  while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
  const plain = (from: string) =>
    Array.from({ length: 35 }, (_, i) => addDays(from, i))
      .filter((day) => weekdayOf(day) <= 4)
      .every((day) => sendingWindowOn(day, 'israel')?.close.getTime() === parseLocalDateTime(`${day}T21:00`).getTime());
  while (!plain(monday)) monday = addDays(monday, 7);
  return monday;
};

/** RSVP start on Monday M, the event three weeks later (Monday M+21) at 19:30 unless told. */
let M: string;
const day = (offset: number) => addDays(M, offset);

const newEvent = (overrides: { time?: string; rsvpStartDate?: string; date?: string; includeCallsPreference?: boolean } = {}) =>
  createEvent(t, owner, { rsvpStartDate: M, date: day(21), time: '19:30', ...overrides });

const timingsOf = async (eventId: string, token = owner) => {
  const res = await t.request('GET', `/actionTiming/${eventId}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as ActionTimingsResponse;
};
const sendAtOf = (response: ActionTimingsResponse) => Object.fromEntries(response.actions.map((a) => [a.action, a.sendAt])) as Record<TimedAction, string>;
const actionOf = (response: ActionTimingsResponse, action: TimedAction) => response.actions.find((a) => a.action === action)!;

const patch = (eventId: string, actions: { action: string; sendAt: string; enabled?: boolean }[], token = owner) =>
  t.request('PATCH', `/actionTiming/${eventId}`, { token, body: { actions: actions.map((a) => ({ enabled: true, ...a })) } });

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  const host = await signUpHost(t);
  owner = host.token;
  ownerId = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, host.email)))[0]!.id;
  intruder = (await signUpHost(t)).token;
  M = plainMonday(20);
});
afterAll(async () => {
  await t?.close();
});

describe('default timing', () => {
  it('is written when the event is created: rounds on the RSVP start, +3, +6 days at 10:00; direction on the day; thanks the day after', async () => {
    const eventId = await newEvent();
    const stored = await t.ctx.db.select().from(actionTimings).where(eq(actionTimings.eventId, eventId));
    expect(stored).toHaveLength(7);
    const timings = await timingsOf(eventId);
    expect(timings).toMatchObject({ paused: false, sendingHours: 'israel' });
    expect(timings.actions.map((a) => a.action)).toEqual(['saveTheDate', 'round1', 'round2', 'round3', 'direction', 'thanks', 'calls']);
    expect(sendAtOf(timings)).toEqual({
      // Off by default (save-the-date.test.ts): a month before the event, on an open day before it at 11:00.
      saveTheDate: expect.stringMatching(/T\d\d:\d\d$/),
      round1: `${M}T10:00`,
      round2: `${day(3)}T10:00`,
      // Sunday.
      round3: `${day(6)}T10:00`,
      direction: `${day(21)}T10:00`,
      thanks: `${day(22)}T11:00`,
      calls: `${day(8)}T11:00`,
    });
    expect(timings.actions.every((a) => !a.custom && a.startedAt === null)).toBe(true);
    expect(actionOf(timings, 'round1').state).toBe('scheduled');
    // Calls are a premium action the host did not ask for.
    expect(actionOf(timings, 'calls')).toMatchObject({ enabled: false, state: 'disabled' });
  });

  it('is made on the first read when the rows are missing', async () => {
    const eventId = await newEvent();
    await t.ctx.db.delete(actionTimings).where(eq(actionTimings.eventId, eventId));
    expect(sendAtOf(await timingsOf(eventId)).round1).toBe(`${M}T10:00`);
  });

  it('a morning event gets the direction message the evening before at 18:00', async () => {
    const eventId = await newEvent({ time: '11:00' });
    expect(sendAtOf(await timingsOf(eventId)).direction).toBe(`${day(20)}T18:00`);
  });

  it('an RSVP start on a Friday: round 1 that Friday at 10:00, round 2 on Monday (Shabbat skipped), round 3 on Thursday', async () => {
    const eventId = await newEvent({ rsvpStartDate: day(4) });
    expect(sendAtOf(await timingsOf(eventId))).toMatchObject({ round1: `${day(4)}T10:00`, round2: `${day(7)}T10:00`, round3: `${day(10)}T10:00` });
  });

  it('calls are on for a host who asked for them (the package decides later)', async () => {
    const eventId = await newEvent({ includeCallsPreference: true });
    expect(actionOf(await timingsOf(eventId), 'calls')).toMatchObject({ enabled: true, state: 'scheduled' });
  });

  it('calls follow the host switching them on and off later (the preference route and the event edit)', async () => {
    const eventId = await newEvent();
    expect(actionOf(await timingsOf(eventId), 'calls')).toMatchObject({ enabled: false });
    expect((await t.request('POST', `/event/includeCallsPreference/${eventId}`, { token: owner, body: { includeCalls: true } })).statusCode).toBe(200);
    expect(actionOf(await timingsOf(eventId), 'calls')).toMatchObject({ enabled: true, state: 'scheduled' });
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token: owner, body: { includeCallsPreference: false } })).statusCode).toBe(200);
    expect(actionOf(await timingsOf(eventId), 'calls')).toMatchObject({ enabled: false });
  });
});

describe('PATCH actionTiming', () => {
  const expectIssue = async (eventId: string, actions: { action: string; sendAt: string }[], issues: { path: string; message: string }[]) => {
    const before = await timingsOf(eventId);
    const res = await patch(eventId, actions);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'invalid input', issues });
    expect(await timingsOf(eventId)).toEqual(before);
  };

  it('refuses a time in the past', async () => {
    const eventId = await newEvent();
    await expectIssue(eventId, [{ action: 'round1', sendAt: `${inDays(-1)}T10:00` }], [{ path: 'actions.0.sendAt', message: MSG.sendAtPassed }]);
  });

  it('refuses quiet hours with OUTSIDE_SENDING_HOURS and the next allowed moment', async () => {
    const eventId = await newEvent();
    const cases = [
      // Shabbat noon → Sunday 09:00.
      { action: 'round1', sendAt: `${day(-2)}T12:00`, nextAllowed: `${day(-1)}T09:00` },
      // Friday 14:00 sharp → Sunday 09:00.
      { action: 'round2', sendAt: `${day(4)}T14:00`, nextAllowed: `${day(6)}T09:00` },
      // Thursday 21:00 sharp → Friday 09:00.
      { action: 'round2', sendAt: `${day(3)}T21:00`, nextAllowed: `${day(4)}T09:00` },
      { action: 'round3', sendAt: `${day(6)}T08:59`, nextAllowed: `${day(6)}T09:00` },
    ];
    for (const { action, sendAt, nextAllowed } of cases) {
      const res = await patch(eventId, [{ action, sendAt }]);
      expect(res.statusCode, sendAt).toBe(400);
      expect(res.json()).toEqual({ code: 'OUTSIDE_SENDING_HOURS', message: expect.any(String), nextAllowed });
    }
    // One minute earlier is inside.
    const ok = await patch(eventId, [{ action: 'round2', sendAt: `${day(4)}T13:59` }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(actionOf(ok.json(), 'round2')).toMatchObject({ sendAt: `${day(4)}T13:59`, custom: true });
  });

  it('the eve of Yom Kippur closes at 14:00 (the next Yom Kippur at least three weeks ahead, summer time)', async () => {
    let yomKippur = inDays(21);
    const isYomKippur = (date: string) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return (HebrewCalendar.getHolidaysOnDate(new HDate(new Date(y, m - 1, d)), true) ?? []).some((e) => e.getDesc() === 'Yom Kippur');
    };
    while (!isYomKippur(yomKippur)) yomKippur = addDays(yomKippur, 1);
    const eve = addDays(yomKippur, -1);
    const eventId = await createEvent(t, owner, { rsvpStartDate: addDays(eve, -6), date: addDays(yomKippur, 3), time: '19:30' });
    const late = await patch(eventId, [{ action: 'round3', sendAt: `${eve}T14:00` }]);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'OUTSIDE_SENDING_HOURS', message: expect.any(String), nextAllowed: `${addDays(yomKippur, 1)}T09:00` });
    const inside = await patch(eventId, [{ action: 'round3', sendAt: `${eve}T13:59` }]);
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('keeps the rounds in order', async () => {
    const eventId = await newEvent();
    await expectIssue(eventId, [{ action: 'round2', sendAt: `${M}T09:30` }], [{ path: 'actions.0.sendAt', message: MSG.roundsOutOfOrder }]);
    await expectIssue(eventId, [{ action: 'round1', sendAt: `${day(7)}T10:00` }], [{ path: 'actions.0.sendAt', message: MSG.roundsOutOfOrder }]);
    // Moved together, the order is judged after the patch.
    const res = await patch(eventId, [
      { action: 'round3', sendAt: `${day(9)}T10:00` },
      { action: 'round2', sendAt: `${day(8)}T10:00` },
      { action: 'round1', sendAt: `${day(7)}T10:00` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps rounds and calls before the event day', async () => {
    const eventId = await newEvent({ includeCallsPreference: true });
    await expectIssue(eventId, [{ action: 'round3', sendAt: `${day(21)}T09:00` }], [{ path: 'actions.0.sendAt', message: MSG.roundAfterEventDay }]);
    await expectIssue(eventId, [{ action: 'calls', sendAt: `${day(21)}T09:00` }], [{ path: 'actions.0.sendAt', message: MSG.roundAfterEventDay }]);
  });

  it('keeps the direction message before the event and the thank-you within 7 days after it', async () => {
    const eventId = await newEvent();
    await expectIssue(eventId, [{ action: 'direction', sendAt: `${day(21)}T19:30` }], [{ path: 'actions.0.sendAt', message: MSG.directionAfterEvent }]);
    await expectIssue(eventId, [{ action: 'thanks', sendAt: `${day(21)}T19:00` }], [{ path: 'actions.0.sendAt', message: MSG.thanksOutsideWindow }]);
    await expectIssue(eventId, [{ action: 'thanks', sendAt: `${day(29)}T10:00` }], [{ path: 'actions.0.sendAt', message: MSG.thanksOutsideWindow }]);
    const res = await patch(eventId, [
      { action: 'direction', sendAt: `${day(21)}T19:29` },
      { action: 'thanks', sendAt: `${day(28)}T20:59` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('names every wrong action by its place in the list', async () => {
    const eventId = await newEvent();
    await expectIssue(
      eventId,
      [
        { action: 'thanks', sendAt: `${day(22)}T11:00` },
        { action: 'direction', sendAt: `${day(22)}T10:00` },
        { action: 'round1', sendAt: '2027-02-30T10:00' },
      ],
      [{ path: 'actions.2.sendAt', message: MSG.invalidValue }],
    );
    await expectIssue(
      eventId,
      [
        { action: 'thanks', sendAt: `${day(30)}T11:00` },
        { action: 'direction', sendAt: `${day(22)}T10:00` },
      ],
      [
        { path: 'actions.0.sendAt', message: MSG.thanksOutsideWindow },
        { path: 'actions.1.sendAt', message: MSG.directionAfterEvent },
      ],
    );
    await expectIssue(
      eventId,
      [
        { action: 'round1', sendAt: `${M}T11:00` },
        { action: 'round1', sendAt: `${M}T12:00` },
      ],
      [{ path: 'actions.1.action', message: MSG.invalidValue }],
    );
  });

  it('a moved time marks the action custom; switching it off does not; the whole list comes back', async () => {
    const eventId = await newEvent();
    const before = await timingsOf(eventId);
    const res = await patch(eventId, [
      { action: 'round2', sendAt: `${day(2)}T12:00` },
      { action: 'thanks', sendAt: `${day(22)}T11:00`, enabled: false },
      // Given back as shown: no change.
      { action: 'round1', sendAt: `${M}T10:00` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as ActionTimingsResponse;
    expect(after.actions).toHaveLength(7);
    expect(actionOf(after, 'round2')).toMatchObject({ sendAt: `${day(2)}T12:00`, custom: true, enabled: true, state: 'scheduled' });
    expect(actionOf(after, 'thanks')).toMatchObject({ sendAt: `${day(22)}T11:00`, custom: false, enabled: false, state: 'disabled' });
    expect(actionOf(after, 'round1')).toEqual(actionOf(before, 'round1'));
    expect(await timingsOf(eventId)).toEqual(after);
  });

  it('an action that started cannot be moved (ACTION_ALREADY_STARTED)', async () => {
    const eventId = await newEvent();
    await t.ctx.db
      .update(actionTimings)
      .set({ state: 'running', startedAt: new Date() })
      .where(and(eq(actionTimings.eventId, eventId), eq(actionTimings.action, 'round1')));
    const res = await patch(eventId, [{ action: 'round1', sendAt: `${M}T11:00` }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACTION_ALREADY_STARTED' });
    // Unmoved. The app's worker may already have closed the running action (it has nothing to send) as done.
    const round1 = actionOf(await timingsOf(eventId), 'round1');
    expect(round1.sendAt).toBe(`${M}T10:00`);
    expect(['running', 'done']).toContain(round1.state);
  });
});

describe('a new RSVP start date or event date', () => {
  it('moves the actions not changed by hand and not started; keeps the custom and the running ones', async () => {
    const eventId = await newEvent();
    expect((await patch(eventId, [{ action: 'round2', sendAt: `${day(2)}T12:00` }])).statusCode).toBe(200);

    const moved = await t.request('POST', `/event/${eventId}/updateInvitationDate`, { token: owner, body: { date: day(7) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(sendAtOf(await timingsOf(eventId))).toEqual({
      // Off by default and moved with the dates too (save-the-date.test.ts).
      saveTheDate: expect.any(String),
      round1: `${day(7)}T10:00`,
      round2: `${day(2)}T12:00`,
      round3: `${day(13)}T10:00`,
      direction: `${day(21)}T10:00`,
      thanks: `${day(22)}T11:00`,
      calls: `${day(15)}T11:00`,
    });

    await t.ctx.db.update(actionTimings).set({ state: 'running' }).where(and(eq(actionTimings.eventId, eventId), eq(actionTimings.action, 'round1')));
    const edited = await t.request('POST', `/event/editEvent/${eventId}`, { token: owner, body: { date: day(28), rsvpStartDate: day(14) } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(sendAtOf(await timingsOf(eventId))).toEqual({
      // Off by default and moved with the dates too (save-the-date.test.ts).
      saveTheDate: expect.any(String),
      round1: `${day(7)}T10:00`,
      round2: `${day(2)}T12:00`,
      round3: `${day(20)}T10:00`,
      direction: `${day(28)}T10:00`,
      thanks: `${day(29)}T11:00`,
      calls: `${day(22)}T11:00`,
    });

    // The event's start time alone moves the direction message (a morning event: the evening before).
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token: owner, body: { time: '11:00' } })).statusCode).toBe(200);
    expect(sendAtOf(await timingsOf(eventId)).direction).toBe(`${day(27)}T18:00`);
  });
});

describe('pause', () => {
  it('writes and removes the pause row, idempotently', async () => {
    const eventId = await newEvent();
    const pauseRows = async () => (await t.ctx.db.select().from(messagingPauses).where(eq(messagingPauses.eventId, eventId))).length;
    for (const paused of [true, true]) {
      const res = await t.request('POST', `/actionTiming/${eventId}/pause`, { token: owner, body: { paused } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ paused: true, actions: expect.any(Array) });
      expect(await pauseRows()).toBe(1);
    }
    const dispatches = async () =>
      ((await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'messaging.dispatch'`)).rows[0]?.n ?? 0);
    const before = await dispatches();
    const resumed = await t.request('POST', `/actionTiming/${eventId}/pause`, { token: owner, body: { paused: false } });
    expect(resumed.json()).toMatchObject({ paused: false });
    expect(await pauseRows()).toBe(0);
    // Resuming wakes the dispatcher, so held messages go at once.
    expect(await dispatches()).toBeGreaterThan(before);
  });
});

describe('start by hand', () => {
  it('outside the sending hours is refused with the next allowed moment, and nothing starts', async () => {
    const eventId = await newEvent();
    await t.ctx.db.update(events).set({ progressStatus: 1 }).where(eq(events.id, eventId));
    const cases = [
      { now: `${day(-2)}T12:00`, nextAllowed: `${day(-1)}T09:00` },
      { now: `${day(4)}T14:00`, nextAllowed: `${day(6)}T09:00` },
      { now: `${day(3)}T21:00`, nextAllowed: `${day(4)}T09:00` },
    ];
    for (const { now, nextAllowed } of cases) {
      const error = await startActionNow(t.ctx, ownerId, eventId, 'round1', parseLocalDateTime(now)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutsideSendingHoursError);
      expect((error as OutsideSendingHoursError).toBody()).toEqual({ code: 'OUTSIDE_SENDING_HOURS', message: expect.any(String), nextAllowed });
    }
    expect(actionOf(await timingsOf(eventId), 'round1').state).toBe('scheduled');
  });

  it('through HTTP: the refusal carries nextAllowed in the body', async () => {
    const eventId = await newEvent();
    await t.ctx.db.update(events).set({ progressStatus: 1 }).where(eq(events.id, eventId));
    // Only Date is faked (timers and the database's clock run on): the server believes it is Shabbat noon.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(parseLocalDateTime(`${day(-2)}T12:00`));
      const res = await t.request('POST', `/actionTiming/${eventId}/start`, { token: owner, body: { action: 'round1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'OUTSIDE_SENDING_HOURS', message: expect.any(String), nextAllowed: `${day(-1)}T09:00` });
    } finally {
      vi.useRealTimers();
    }
    expect(actionOf(await timingsOf(eventId), 'round1').state).toBe('scheduled');
  });

  it('inside the sending hours hands the action to the engine', async () => {
    const always = await createTestApp({ SENDING_HOURS: 'always' });
    try {
      useFakePlaces(always);
      const host = (await signUpHost(always)).token;
      const res = await always.request('POST', '/event/newEvent', { token: host, body: eventInput({ rsvpStartDate: M, date: day(21) }) });
      const eventId = (res.json() as { id: string }).id;
      const start = () => always.request('POST', `/actionTiming/${eventId}/start`, { token: host, body: { action: 'round1' } });
      // The engine refuses an unpaid event, then a paused one.
      expect((await start()).json()).toMatchObject({ code: 'EVENT_NOT_PAID' });
      await always.ctx.db.update(events).set({ progressStatus: 1 }).where(eq(events.id, eventId));
      await always.request('POST', `/actionTiming/${eventId}/pause`, { token: host, body: { paused: true } });
      expect((await start()).json()).toMatchObject({ code: 'SENDING_PAUSED' });
      await always.request('POST', `/actionTiming/${eventId}/pause`, { token: host, body: { paused: false } });
      const started = await start();
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({ sendingHours: 'always', paused: false });
      expect(actionOf(started.json(), 'round1').state).not.toBe('scheduled');
      // The call round: premium only (403), then only when the event includes calls (409), then started.
      const startCalls = () => always.request('POST', `/actionTiming/${eventId}/start`, { token: host, body: { action: 'calls' } });
      await always.ctx.db.update(events).set({ orderPackageId: 1 }).where(eq(events.id, eventId));
      const basic = await startCalls();
      expect([basic.statusCode, basic.json()]).toEqual([403, { code: 'PREMIUM_REQUIRED', message: expect.any(String) }]);
      await always.ctx.db.update(events).set({ orderPackageId: 2, includeCallsPreference: false }).where(eq(events.id, eventId));
      const notIncluded = await startCalls();
      expect([notIncluded.statusCode, notIncluded.json()]).toEqual([409, { code: 'CALLS_NOT_INCLUDED', message: expect.any(String) }]);
      await always.ctx.db.update(events).set({ includeCallsPreference: true }).where(eq(events.id, eventId));
      const calls = await startCalls();
      expect(calls.statusCode, calls.body).toBe(200);
      expect(actionOf(calls.json(), 'calls').state).not.toBe('scheduled');
      // Another host: 404, as for every action.
      const other = (await signUpHost(always)).token;
      const foreign = await always.request('POST', `/actionTiming/${eventId}/start`, { token: other, body: { action: 'calls' } });
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'event not found' }]);
    } finally {
      await always.close();
    }
  });
});

describe('another host', () => {
  const ENDPOINTS: Record<string, (id: string, token: string | undefined) => ReturnType<TestApp['request']>> = {
    'GET actionTiming/{id}': (id, token) => t.request('GET', `/actionTiming/${id}`, { token }),
    'PATCH actionTiming/{id}': (id, token) => t.request('PATCH', `/actionTiming/${id}`, { token, body: { actions: [{ action: 'round1', sendAt: `${M}T11:00`, enabled: true }] } }),
    'POST actionTiming/{id}/start': (id, token) => t.request('POST', `/actionTiming/${id}/start`, { token, body: { action: 'round1' } }),
    'POST actionTiming/{id}/pause': (id, token) => t.request('POST', `/actionTiming/${id}/pause`, { token, body: { paused: true } }),
  };

  it.each(Object.entries(ENDPOINTS))('%s: another host and an unknown id answer 404, no sign-in 401, and nothing changes', async (_name, call) => {
    const eventId = await newEvent();
    const before = await timingsOf(eventId);
    for (const [id, token] of [
      [eventId, intruder],
      [randomUUID(), owner],
    ] as const) {
      const res = await call(id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'event not found' });
    }
    expect((await call(eventId, undefined)).statusCode).toBe(401);
    expect(await timingsOf(eventId)).toEqual(before);
  });
});
