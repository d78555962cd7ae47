import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  API,
  MSG,
  type ActionTimingsResponse,
  type GuestListResponse,
  type GuestMessageHistory,
  type MessageFunnel,
  type MessageTemplatesResponse,
} from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, inDays, useFakePlaces } from '../events/event-test-kit.js';
import { pumpOutbox } from './engine/dispatch.js';
import { actionStateOf, holdingClaims, MESSAGING_TEST_ENV, outboxOf, setStatus, uniquePhonePrefix, useRecordingChannels } from './engine/engine-test-kit.js';
import { runSchedulerTick } from './engine/scheduler.js';
import { startAction } from './engine/start-action.js';
import { localPartsOf } from './local-time.js';
import { isSendingAllowed } from './sending-hours.js';
import { defaultTimings } from './timing/default-timing.js';

/** Issue 32: the save-the-date, message type 5, before the RSVP rounds; off by default; the engine's rules. */

let t: TestApp;
let recording: ReturnType<typeof useRecordingChannels>;

beforeAll(async () => {
  t = await createTestApp(MESSAGING_TEST_ENV);
  useFakePlaces(t);
  recording = useRecordingChannels(t);
});
afterAll(() => t.close());

const RSVP_START = () => inDays(40);
const EVENT_DAY = () => inDays(60);

/** A paid event (RSVP start in 40 days, the event in 60) with `count` guests in process. */
const paidEvent = async (count: number, channel: 1 | 3 = 3) => {
  const host = await signUpHost(t);
  const eventId = await createEvent(t, host.token, { rsvpStartDate: RSVP_START(), date: EVENT_DAY(), time: '19:30' });
  await t.ctx.db.execute(sql`update events set progress_status = 1, message_system_preference = ${channel} where id = ${eventId}`);
  const prefix = uniquePhonePrefix();
  await t.ctx.db.execute(sql`
    insert into guests (event_id, full_name, phone_number, lang, status)
    select ${eventId}::uuid, 'Guest ' || n, '+9725' || ${prefix} || lpad(n::text, 5, '0'), 'he', 'inProgress'
    from generate_series(1, ${count}) n`);
  const guests = (
    await t.ctx.db.execute<{ id: string; phoneNumber: string }>(sql`select id, phone_number as "phoneNumber" from guests where event_id = ${eventId} order by phone_number`)
  ).rows;
  return { token: host.token, email: host.email, eventId, guests };
};

const timingsOf = async (eventId: string, token: string) => {
  const res = await t.request('GET', `/actionTiming/${eventId}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as ActionTimingsResponse;
};
const saveTheDateOf = async (eventId: string, token: string) => (await timingsOf(eventId, token)).actions.find((a) => a.action === 'saveTheDate')!;
const patch = (eventId: string, token: string, actions: { action: string; sendAt: string; enabled: boolean }[]) =>
  t.request('PATCH', `/actionTiming/${eventId}`, { token, body: { actions } });
/** The save-the-date turned on at its shown time. */
const turnOn = async (eventId: string, token: string) => {
  const { sendAt } = await saveTheDateOf(eventId, token);
  const res = await patch(eventId, token, [{ action: 'saveTheDate', sendAt, enabled: true }]);
  expect(res.statusCode, res.body).toBe(200);
};
const makeDue = (eventId: string) =>
  t.ctx.db.execute(sql`update action_timings set send_at = now() - interval '1 minute' where event_id = ${eventId} and action = 'saveTheDate'`);

/** Sends what is ready, then waits (with a deadline) until none of the event's rows is queued. */
const settle = async (eventId: string) => {
  await pumpOutbox(t.ctx, 3_000);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const busy = await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`);
    if (busy.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('rows still queued');
};

describe('save-the-date timing', () => {
  it('is off by default, a month before the event (at least a week before the RSVP start), first in the list', async () => {
    const { token, eventId } = await paidEvent(1);
    const timings = await timingsOf(eventId, token);
    expect(timings.actions.map((a) => a.action)).toEqual(['saveTheDate', 'round1', 'round2', 'round3', 'direction', 'thanks', 'calls']);
    expect(timings.actions[0]).toMatchObject({ action: 'saveTheDate', enabled: false, state: 'disabled', custom: false, sendAt: `${inDays(30)}T11:00` });

    // A late RSVP start: a week before it. In Israel's sending hours, never on Shabbat, always before round 1.
    for (let offset = 0; offset < 14; offset++) {
      const event = { date: addDays('2027-03-01', offset + 20), time: '19:30', rsvpStartDate: addDays('2027-03-01', offset), orderPackageId: 1, includeCallsPreference: false };
      const defaults = defaultTimings(event, 'israel');
      expect(defaults.saveTheDate.enabled).toBe(false);
      expect(isSendingAllowed(defaults.saveTheDate.sendAt, 'israel')).toBe(true);
      expect(defaults.saveTheDate.sendAt.getTime()).toBeLessThan(defaults.round1.sendAt.getTime());
      expect(localPartsOf(defaults.saveTheDate.sendAt).date < event.rsvpStartDate).toBe(true);
    }
  });

  it('sends nothing while off, even when its time has come', async () => {
    const { token, eventId } = await paidEvent(3);
    await makeDue(eventId);
    await runSchedulerTick(t.ctx);
    expect(await outboxOf(t, eventId)).toEqual([]);
    expect((await saveTheDateOf(eventId, token)).state).toBe('disabled');
  });

  it('refuses a time on or after the RSVP start or round 1, one passed, and one outside the sending hours', async () => {
    const { token, eventId } = await paidEvent(1);
    const issueOf = async (actions: { action: string; sendAt: string; enabled: boolean }[]) => {
      const res = await patch(eventId, token, actions);
      expect(res.statusCode).toBe(400);
      return (res.json() as { issues: { path: string; message: string }[] }).issues;
    };
    const onRsvp = `${RSVP_START()}T09:30`;
    expect(await issueOf([{ action: 'saveTheDate', sendAt: onRsvp, enabled: true }])).toEqual([{ path: 'actions.0.sendAt', message: MSG.saveTheDateAfterRsvpStart }]);
    expect(await issueOf([{ action: 'saveTheDate', sendAt: `${addDays(RSVP_START(), 2)}T12:00`, enabled: true }])).toEqual([
      { path: 'actions.0.sendAt', message: MSG.saveTheDateAfterRsvpStart },
    ]);
    // Round 1 moved a week earlier than the RSVP start: the save-the-date before the RSVP start but after round 1.
    expect(
      await issueOf([
        { action: 'round1', sendAt: `${inDays(20)}T10:00`, enabled: true },
        { action: 'saveTheDate', sendAt: `${inDays(25)}T12:00`, enabled: true },
      ]),
    ).toEqual([{ path: 'actions.1.sendAt', message: MSG.saveTheDateAfterRsvpStart }]);
    expect(await issueOf([{ action: 'saveTheDate', sendAt: `${inDays(-1)}T12:00`, enabled: true }])).toEqual([{ path: 'actions.0.sendAt', message: MSG.sendAtPassed }]);

    // Off, it may be moved anywhere; turning it on there is refused.
    const late = `${addDays(RSVP_START(), 1)}T12:00`;
    expect((await patch(eventId, token, [{ action: 'saveTheDate', sendAt: late, enabled: false }])).statusCode).toBe(200);
    expect(await issueOf([{ action: 'saveTheDate', sendAt: late, enabled: true }])).toEqual([{ path: 'actions.0.sendAt', message: MSG.saveTheDateAfterRsvpStart }]);
    // Its default time passed while off: turning it on asks for another time.
    await makeDue(eventId);
    const passed = (await saveTheDateOf(eventId, token)).sendAt;
    expect(await issueOf([{ action: 'saveTheDate', sendAt: passed, enabled: true }])).toEqual([{ path: 'actions.0.sendAt', message: MSG.sendAtPassed }]);

    // On at a good time; round 1 cannot then move before it.
    const good = `${inDays(25)}T12:00`;
    expect((await patch(eventId, token, [{ action: 'saveTheDate', sendAt: good, enabled: true }])).statusCode).toBe(200);
    expect(await saveTheDateOf(eventId, token)).toMatchObject({ enabled: true, state: 'scheduled', custom: true, sendAt: good });
    expect(await issueOf([{ action: 'round1', sendAt: `${inDays(24)}T10:00`, enabled: true }])).toEqual([{ path: 'actions.0.sendAt', message: MSG.saveTheDateAfterRsvpStart }]);

    // Israel's sending hours: a Saturday is refused with the next allowed moment.
    let saturday = inDays(5);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const mode = t.ctx.config.messaging.sendingHours;
    t.ctx.config.messaging.sendingHours = 'israel';
    try {
      const res = await patch(eventId, token, [{ action: 'saveTheDate', sendAt: `${saturday}T12:00`, enabled: true }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OUTSIDE_SENDING_HOURS' });
    } finally {
      t.ctx.config.messaging.sendingHours = mode;
    }
  });
});

describe('save-the-date sending', () => {
  it('on: goes once to every guest at its time (not to opted-out, declined or wrong numbers), counts in the funnel and the progress column', async () => {
    const { token, eventId, guests } = await paidEvent(5);
    await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[0]!.phoneNumber}, 'sms')`);
    await setStatus(t, guests[1]!.id, 'declined', 0);
    await setStatus(t, guests[2]!.id, 'wrongNumber');
    await setStatus(t, guests[3]!.id, 'approved', 2);
    await turnOn(eventId, token);
    // Not yet its time: a tick starts nothing.
    await runSchedulerTick(t.ctx);
    expect(await outboxOf(t, eventId)).toEqual([]);

    await makeDue(eventId);
    await runSchedulerTick(t.ctx);
    await settle(eventId);
    const rows = await outboxOf(t, eventId);
    expect(rows.map((row) => row.guestId).sort()).toEqual([guests[3]!.id, guests[4]!.id].sort());
    expect(rows.every((row) => row.action === 'saveTheDate' && row.state === 'sent' && row.channel === 3)).toBe(true);
    const types = (await t.ctx.db.execute<{ type: number }>(sql`select distinct type from outbox_messages where event_id = ${eventId}`)).rows;
    expect(types).toEqual([{ type: 5 }]);
    const ids = new Set(rows.map((row) => row.id));
    const sent = recording.sent.filter((record) => ids.has(record.outboxId));
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      // The event's name, no link to answer and no quick replies: nothing is asked.
      expect(message.text).toContain('החתונה של נועה ודני');
      expect(message.text).not.toMatch(/\/invite\/|\/i\//);
      expect(message.template).toMatchObject({ purpose: 'saveTheDate', quickReplies: false });
    }

    // Exactly once: another tick, a start by hand, add nothing.
    await runSchedulerTick(t.ctx);
    expect(await startAction(t.ctx, eventId, 'saveTheDate', { by: 'host' })).toEqual({ frozen: 0 });
    await settle(eventId);
    expect(await outboxOf(t, eventId)).toHaveLength(2);
    expect(recording.sent.filter((record) => ids.has(record.outboxId))).toHaveLength(2);
    expect(await actionStateOf(t, eventId, 'saveTheDate')).toBe('done');

    // The funnel: first, counted in guests; the progress column: a type-5 mark; the guest's history.
    const funnel = (await t.request('GET', API.messages.funnel(eventId), { token })).json() as MessageFunnel;
    expect(funnel.actions[0]).toMatchObject({ action: 'saveTheDate', frozen: 2, sent: 2, failed: 0 });
    expect(funnel.actions[0]!.byChannel['3']).toMatchObject({ sent: 2 });
    const list = (await t.request('GET', `${API.guests.list(eventId)}?page=1&pageSize=50`, { token })).json() as GuestListResponse;
    const item = (id: string) => list.items.find((g) => g.id === id)!;
    expect(item(guests[4]!.id).messages).toMatchObject([{ type: 5, channel: 3, state: 'sent' }]);
    expect(item(guests[0]!.id)).toMatchObject({ messages: [], optedOut: true });
    const history = (await t.request('GET', API.messages.guest(eventId, guests[4]!.id), { token })).json() as GuestMessageHistory;
    expect(history.items).toMatchObject([{ action: 'saveTheDate', type: 5, state: 'sent' }]);

    // Round 1 still goes to the guests who did not answer, after the save-the-date.
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'host' })).toEqual({ frozen: 1 });
  });

  it('skips a guest who opted out after the freeze; goes by SMS for an SMS event; never after round 1 started', async () => {
    const { token, eventId, guests } = await paidEvent(2, 1);
    await turnOn(eventId, token);
    await holdingClaims(t, eventId, async () => {
      expect(await startAction(t.ctx, eventId, 'saveTheDate', { by: 'host' })).toEqual({ frozen: 2 });
      await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[0]!.phoneNumber}, 'sms')`);
    });
    await settle(eventId);
    const byGuest = new Map((await outboxOf(t, eventId)).map((row) => [row.guestId, row]));
    expect(byGuest.get(guests[0]!.id)).toMatchObject({ state: 'skipped', reason: 'optedOut' });
    expect(byGuest.get(guests[1]!.id)).toMatchObject({ state: 'sent', channel: 1 });
    const [sms] = recording.sent.filter((record) => record.outboxId === byGuest.get(guests[1]!.id)!.id);
    // The SMS carries the opt-out line, as every SMS.
    expect(sms!.text).toMatch(/הסר/);

    const late = await paidEvent(2);
    await turnOn(late.eventId, late.token);
    await startAction(t.ctx, late.eventId, 'round1', { by: 'host' });
    await settle(late.eventId);
    expect(await startAction(t.ctx, late.eventId, 'saveTheDate', { by: 'host' })).toEqual({ frozen: 0 });
    expect((await outboxOf(t, late.eventId)).every((row) => row.action === 'round1')).toBe(true);
  });
});

describe('save-the-date access and texts', () => {
  it('a stranger is refused, a co-host may turn it on, edit its text and preview it', async () => {
    const { token, eventId } = await paidEvent(2);
    const stranger = (await signUpHost(t)).token;
    const cohost = await signUpHost(t);
    const [{ id: cohostId }] = (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${cohost.email}`)).rows as [{ id: string }];
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}, ${cohostId}, 'cohost')`);
    const { sendAt } = await saveTheDateOf(eventId, token);
    const text = 'שלום {guestName}, שמרו את התאריך של {eventName}: {date}. פרטים בהמשך!';
    const calls = {
      timing: (who: string) => patch(eventId, who, [{ action: 'saveTheDate', sendAt, enabled: true }]),
      template: (who: string) => t.request('POST', `/messageTemplate/edit/${eventId}`, { token: who, body: { purpose: 'saveTheDate', lang: 'he', text } }),
      preview: (who: string) => t.request('GET', `${API.messages.preview(eventId)}?action=saveTheDate`, { token: who }),
    };
    for (const call of Object.values(calls)) {
      const res = await call(stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await saveTheDateOf(eventId, token)).enabled).toBe(false);
    for (const call of Object.values(calls)) expect((await call(cohost.token)).statusCode).toBe(200);
    expect((await saveTheDateOf(eventId, token)).enabled).toBe(true);
    const preview = (await calls.preview(cohost.token)).json() as { action: string; recipients: number };
    expect(preview).toMatchObject({ action: 'saveTheDate', recipients: 2 });
    const templates = (await t.request('GET', `/messageTemplate/${eventId}`, { token })).json() as MessageTemplatesResponse;
    expect(templates.templates).toMatchObject([{ purpose: 'saveTheDate', lang: 'he', text }]);
    // Its defaults, in the event's languages.
    expect(templates.defaults.filter((d) => d.purpose === 'saveTheDate').map((d) => d.lang).sort()).toEqual(['en', 'he']);
  });
});
