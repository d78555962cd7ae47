import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@magiim/shared';
import { createTestApp, type TestApp } from './test-app.js';
import { CALL_EXTRA_TEXTS } from '../src/modules/calls/templates/call-extra-texts.js';
import { startFakeTwilio, type FakeTwilio, type FakeTwilioGuest } from './fake-twilio.js';
import { hostWithEvent } from '../src/modules/guests/guest-test-kit.js';
import { startCallRound } from '../src/modules/calls/engine/start-call-round.js';
import { runCallTick } from '../src/modules/calls/engine/calls.jobs.js';
import { twilioSignature } from '../src/providers/voice/twilio-signature.js';

/**
 * The call round end to end through the fake Twilio: our app listens on a local port behind APP_URL; the fake places
 * each call by fetching our signed TwiML, pressing keys as a scripted guest would, and posting signed status callbacks.
 */
const APP_URL = 'http://magiim.test';

const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

interface GuestSpec {
  name: string;
  phone: string;
  lang: Lang;
  countOfInvites: number;
  /** The guest at each attempt in turn (the last repeats). */
  attempts: FakeTwilioGuest[];
}

interface GuestRow {
  id: string;
  phone: string;
  status: string;
  attending: number | null;
}
interface AttemptRow {
  id: string;
  guestId: string;
  attempt: number;
  status: string;
  result: string | null;
  answerStatus: string | null;
  answerAttending: number | null;
  providerCallId: string | null;
  updatedAt: string;
  lastEventAt: string | null;
  durationSeconds: number | null;
}

describe('the call round through the fake Twilio', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let local = '';
  const scripts = new Map<string, FakeTwilioGuest[]>();
  const placed = new Map<string, number>();

  beforeAll(async () => {
    fake = await startFakeTwilio({
      route: (url) => url.replace(APP_URL, local),
      guestFor: (to) => {
        const n = placed.get(to) ?? 0;
        placed.set(to, n + 1);
        const list = scripts.get(to) ?? [{ answer: 'no-answer' }];
        return list[Math.min(n, list.length - 1)]!;
      },
    });
    t = await createTestApp({ ...fake.env(), APP_URL, SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: '0.01', CALLS_MAX_CONCURRENT: '4' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    local = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const premiumEvent = async (guests: GuestSpec[]) => {
    const { eventId } = await hostWithEvent(t);
    await t.ctx.db.execute(sql`update events set progress_status = 1, order_package_id = 2, include_calls_preference = true, langs = '{he,en}' where id = ${eventId}`);
    for (const g of guests) {
      scripts.set(g.phone, g.attempts);
      await t.ctx.db.execute(sql`
        insert into guests (event_id, full_name, phone_number, lang, status, count_of_invites)
        values (${eventId}::uuid, ${g.name}, ${g.phone}, ${g.lang}, 'inProgress', ${g.countOfInvites})`);
    }
    return eventId;
  };
  const guestsOf = async (eventId: string) =>
    (await t.ctx.db.execute<GuestRow & Record<string, unknown>>(sql`select id, phone_number as phone, status, attending from guests where event_id = ${eventId} order by phone_number`)).rows;
  const attemptsOf = async (eventId: string) =>
    (
      await t.ctx.db.execute<AttemptRow & Record<string, unknown>>(sql`
        select id, guest_id as "guestId", attempt, status, result, answer_status as "answerStatus", answer_attending as "answerAttending",
          provider_call_id as "providerCallId", updated_at::text as "updatedAt", last_event_at::text as "lastEventAt", duration_seconds as "durationSeconds"
        from call_attempts where event_id = ${eventId} order by guest_id, attempt`)
    ).rows;
  const outboxOf = async (eventId: string) =>
    (await t.ctx.db.execute<{ guestId: string; state: string; reason: string | null }>(sql`
      select guest_id as "guestId", state, reason from outbox_messages where event_id = ${eventId} and action = 'calls'`)).rows;
  let lastTick = 0;
  const roundOver = (eventId: string) => async () => {
    // The engine's minute tick, sooner: a retry whose spacing passed is placed without waiting for the cron.
    if (Date.now() - lastTick > 500) {
      lastTick = Date.now();
      await runCallTick(t.ctx);
    }
    const rows = await outboxOf(eventId);
    return rows.length > 0 && rows.every((r) => ['delivered', 'failed', 'skipped'].includes(r.state)) && rows;
  };

  let eventId = '';
  const phones = {
    comingWithCount: '+972521000001',
    countTooHigh: '+972521000002',
    notComing: '+972521000003',
    maybe: '+972521000004',
    repeat: '+972521000005',
    silent: '+972521000006',
    voicemailThenAnswers: '+972521000007',
    englishComing: '+972521000008',
    englishNotComing: '+972521000009',
  };

  it('keypad flows in he and en: a count, a count above the invitation asked again, no, maybe, 9 repeats, silence twice, voicemail hung up and retried', { timeout: 90_000 }, async () => {
    const human = (...keys: (string | null)[]): FakeTwilioGuest => ({ answer: 'human', keys });
    eventId = await premiumEvent([
      { name: 'Dana', phone: phones.comingWithCount, lang: 'he', countOfInvites: 4, attempts: [human('1', '3', '1')] },
      { name: 'Avi', phone: phones.countTooHigh, lang: 'he', countOfInvites: 3, attempts: [human('1', '5', '2', '1')] },
      { name: 'Noa', phone: phones.notComing, lang: 'he', countOfInvites: 2, attempts: [human('2')] },
      { name: 'Eli', phone: phones.maybe, lang: 'he', countOfInvites: 2, attempts: [human('3')] },
      { name: 'Tal', phone: phones.repeat, lang: 'he', countOfInvites: 1, attempts: [human('9', '1')] },
      { name: 'Gil', phone: phones.silent, lang: 'he', countOfInvites: 2, attempts: [human(null, null)] },
      { name: 'Ron', phone: phones.voicemailThenAnswers, lang: 'he', countOfInvites: 2, attempts: [{ answer: 'machine' }, human('2')] },
      { name: 'John', phone: phones.englishComing, lang: 'en', countOfInvites: 2, attempts: [human('1', '2', '1')] },
      { name: 'Mary', phone: phones.englishNotComing, lang: 'en', countOfInvites: 2, attempts: [human('2')] },
    ]);
    const { frozen } = await startCallRound(t.ctx, eventId, { by: 'host' });
    expect(frozen).toBe(9);
    const outbox = await waitFor('the round to finish', roundOver(eventId), 60_000);
    await fake.settled();

    const guests = new Map((await guestsOf(eventId)).map((g) => [g.phone, g]));
    const attempts = await attemptsOf(eventId);
    const of = (phone: string) => {
      const guest = guests.get(phone)!;
      return { guest, attempts: attempts.filter((a) => a.guestId === guest.id), outbox: outbox.find((o) => o.guestId === guest.id)!, calls: fake.callsTo(phone) };
    };

    expect(of(phones.comingWithCount).guest).toMatchObject({ status: 'approved', attending: 3 });
    expect(of(phones.comingWithCount).attempts).toMatchObject([{ attempt: 1, status: 'ended', result: 'answered', answerStatus: 'approved', answerAttending: 3 }]);
    expect(of(phones.comingWithCount).outbox).toMatchObject({ state: 'delivered', reason: null });

    // 5 is above the 3 invited: asked again (the count part twice), then 2.
    expect(of(phones.countTooHigh).guest).toMatchObject({ status: 'approved', attending: 2 });
    expect(of(phones.countTooHigh).calls[0]!.pressed).toEqual(['1', '5', '2', '1']);
    expect(of(phones.notComing).guest).toMatchObject({ status: 'declined' });
    expect(of(phones.maybe).guest).toMatchObject({ status: 'maybe' });

    // 9: the greeting, invitation and question again (more heard than the plain flow).
    const repeatCall = of(phones.repeat).calls[0]!;
    expect(of(phones.repeat).guest).toMatchObject({ status: 'approved', attending: 1 });
    const firstPrompt = parseSay(repeatCall.twiml[0]!);
    const secondPrompt = parseSay(repeatCall.twiml[1]!);
    expect(secondPrompt).toEqual(firstPrompt);
    expect(firstPrompt.length).toBeGreaterThanOrEqual(3);

    // Silence twice: thanked and hung up, counted as not answered; three attempts then failed.
    const silent = of(phones.silent);
    expect(silent.guest.status).toBe('inProgress');
    expect(silent.attempts.map((a) => a.result)).toEqual(['silence', 'silence', 'silence']);
    expect(silent.calls).toHaveLength(3);
    expect(silent.outbox.state).toBe('failed');
    expect(silent.calls[0]!.twiml.at(-1)).toContain('<Hangup/>');

    // A voicemail is hung up on at once (nothing after the pick-up), and the next attempt reaches the guest.
    const voicemail = of(phones.voicemailThenAnswers);
    expect(voicemail.attempts.map((a) => a.result)).toEqual(['voicemail', 'answered']);
    expect(voicemail.calls[0]!.answeredBy).toBe('machine_start');
    expect(voicemail.calls[0]!.twiml).toHaveLength(1);
    expect(voicemail.calls[0]!.twiml[0]).toContain('<Hangup/>');
    expect(voicemail.calls[0]!.twiml[0]).not.toContain('<Gather');
    expect(voicemail.guest.status).toBe('declined');

    // The guest's language: Hebrew calls speak he-IL, English ones en-US.
    expect(of(phones.comingWithCount).calls[0]!.twiml[0]).toContain('language="he-IL"');
    expect(of(phones.englishComing).calls[0]!.twiml[0]).toContain('language="en-US"');
    expect(of(phones.englishComing).calls[0]!.twiml[0]).toContain('John');
    expect(of(phones.englishComing).guest).toMatchObject({ status: 'approved', attending: 2 });
    expect(of(phones.englishNotComing).guest).toMatchObject({ status: 'declined' });

    // The answers went through the page's rules: history with source 'call'.
    const sources = (await t.ctx.db.execute<{ source: string; n: number }>(sql`
      select source, count(*)::int as n from guest_answers where event_id = ${eventId} group by source`)).rows;
    expect(sources).toEqual([{ source: 'call', n: 8 }]);

    // Every status callback we received was accepted (signed as Twilio signs); one call per attempt.
    expect(fake.callsTo(phones.comingWithCount)).toHaveLength(1);
    for (const phone of Object.values(phones)) for (const call of fake.callsTo(phone)) expect(call.callbacks.every((c) => c.answer === 204)).toBe(true);
  });

  it('a 20-person count by keypad (digits then #, 3-second gather), read back and confirmed; transport asked and recorded', { timeout: 60_000 }, async () => {
    const points = ['Tel Aviv, Arlozorov', 'Haifa, Merkazit HaMifratz'];
    const human = (...keys: (string | null)[]): FakeTwilioGuest => ({ answer: 'human', keys });
    const big = await premiumEvent([
      { name: 'Shira', phone: '+972523100001', lang: 'he', countOfInvites: 20, attempts: [human('1', '21#', '20#', '2', '20#', '1', '1', '2')] },
      { name: 'Adam', phone: '+972523100002', lang: 'en', countOfInvites: 20, attempts: [human('1', '12#', '1')] },
    ]);
    await t.ctx.db.execute(sql`update events set transport = ${JSON.stringify({ ask: 'all_guests', options: points })}::jsonb where id = ${big}::uuid`);
    await startCallRound(t.ctx, big, { by: 'host' });
    await waitFor('the round to finish', roundOver(big), 45_000);
    await fake.settled();
    const guests = new Map((await guestsOf(big)).map((g) => [g.phone, g]));
    expect(guests.get('+972523100001')).toMatchObject({ status: 'approved', attending: 20 });
    const transport = async (phone: string) =>
      (await t.ctx.db.execute<{ transport: { option: string } | null; open: boolean }>(sql`
        select answer_transport as transport, answer_transport_open as open from guests where event_id = ${big}::uuid and phone_number = ${phone}`)).rows[0];
    expect(await transport('+972523100001')).toEqual({ transport: { option: points[1] }, open: false });

    const call = fake.callsTo('+972523100001')[0]!;
    // The count's gather: two digits, ended by # or 3 seconds (not 8).
    const countTwiml = call.twiml[1]!;
    expect(countTwiml).toContain('numDigits="2" finishOnKey="#" timeout="3"');
    expect(call.heard).toContain(CALL_EXTRA_TEXTS.he.countAbove(20));
    expect(call.heard.filter((text) => text === CALL_EXTRA_TEXTS.he.readback(20))).toHaveLength(2);
    expect(call.heard).toContain(CALL_EXTRA_TEXTS.he.ride);
    expect(call.heard).toContain(CALL_EXTRA_TEXTS.he.pickupOption(points[1]!, 2));

    // Hanging up at the ride question: the count kept, transport open (never "no ride needed").
    expect(guests.get('+972523100002')).toMatchObject({ status: 'approved', attending: 12 });
    expect(fake.callsTo('+972523100002')[0]!.heard).toContain(CALL_EXTRA_TEXTS.en.readback(12));
    expect(await transport('+972523100002')).toEqual({ transport: null, open: true });
  });

  it('forged, unsigned and wrong-URL callbacks are refused 403 and change nothing', async () => {
    const attempts = await attemptsOf(eventId);
    const guestsBefore = await guestsOf(eventId);
    const target = attempts.find((a) => a.result === 'answered')!;
    const statusPath = `/api/webhooks/voice/twilio/status/${target.id}`;
    const twimlPath = `/api/webhooks/voice/twilio/twiml/${target.id}?event=keys`;
    const form: [string, string][] = [
      ['CallSid', target.providerCallId!],
      ['CallStatus', 'no-answer'],
      ['Timestamp', new Date(Date.now() + 60_000).toUTCString()],
      ['SequenceNumber', '99'],
      ['Digits', '2'],
    ];
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(form).toString() });
    const cases: { url: string; headers: Record<string, string> }[] = [
      // Signed with another token.
      { url: statusPath, headers: { 'x-twilio-signature': twilioSignature('not-the-token', `${APP_URL}${statusPath}`, form) } },
      // Unsigned.
      { url: statusPath, headers: {} },
      // Signed for another URL (another attempt's).
      { url: statusPath, headers: { 'x-twilio-signature': twilioSignature(fake.authToken, `${APP_URL}/api/webhooks/voice/twilio/status/${attempts[0]!.id === target.id ? attempts[1]!.id : attempts[0]!.id}`, form) } },
      // Signed over other parameters (the body was changed after signing).
      { url: statusPath, headers: { 'x-twilio-signature': twilioSignature(fake.authToken, `${APP_URL}${statusPath}`, form.slice(0, 2)) } },
      { url: twimlPath, headers: { 'x-twilio-signature': twilioSignature(fake.authToken, `${APP_URL}/api/webhooks/voice/twilio/twiml/${target.id}?event=start`, form) } },
      { url: twimlPath, headers: { 'x-twilio-signature': 'AAAA' } },
    ];
    for (const c of cases) {
      const res = await post(c.url, c.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await attemptsOf(eventId)).toEqual(attempts);
    expect(await guestsOf(eventId)).toEqual(guestsBefore);
  });

  it('replayed and out-of-order callbacks (signed) are harmless: the answer and the attempt stay as they are', async () => {
    const attempts = await attemptsOf(eventId);
    const guestsBefore = await guestsOf(eventId);
    const answersBefore = (await t.ctx.db.execute(sql`select count(*)::int as n from guest_answers where event_id = ${eventId}`)).rows[0];
    const target = attempts.find((a) => a.result === 'answered' && a.answerStatus === 'approved')!;
    const statusUrl = `${APP_URL}/api/webhooks/voice/twilio/status/${target.id}`;
    const twimlUrl = `${APP_URL}/api/webhooks/voice/twilio/twiml/${target.id}`;
    const base: [string, string][] = [
      ['AccountSid', fake.accountSid],
      ['CallSid', target.providerCallId!],
    ];
    const old = new Date(Date.now() - 3_600_000).toUTCString();
    // Older events after the end: ringing and in-progress again; the completed callback replayed.
    for (const [status, extra] of [
      ['ringing', []],
      ['in-progress', [['AnsweredBy', 'human']]],
      ['completed', [['CallDuration', '999']]],
      ['no-answer', []],
    ] as [string, [string, string][]][]) {
      const res = await fake.signedPost(statusUrl, [...base, ['CallStatus', status], ['Timestamp', old], ['SequenceNumber', '1'], ...extra]);
      expect(res.status).toBe(204);
    }
    // A replayed key press on an answered call: the flow hangs up, nothing is recorded again.
    const again = await fake.signedPost(`${twimlUrl}?event=keys`, [...base, ['Digits', '2']]);
    expect(again.status).toBe(200);
    expect(again.text).toContain('<Hangup/>');
    expect(again.text).not.toContain('<Gather');
    const start = await fake.signedPost(`${twimlUrl}?event=start`, [...base, ['AnsweredBy', 'human']]);
    expect(start.text).toContain('<Hangup/>');

    expect(await attemptsOf(eventId)).toEqual(attempts);
    expect(await guestsOf(eventId)).toEqual(guestsBefore);
    expect((await t.ctx.db.execute(sql`select count(*)::int as n from guest_answers where event_id = ${eventId}`)).rows[0]).toEqual(answersBefore);
  });

  it('a round whose callbacks come twice and out of order ends the same: one call per guest, answers once', { timeout: 60_000 }, async () => {
    fake.behaviour.repeatCallbacks = true;
    fake.behaviour.outOfOrder = true;
    try {
      const ev = await premiumEvent([
        { name: 'Yael', phone: '+972522000001', lang: 'he', countOfInvites: 2, attempts: [{ answer: 'human', keys: ['1', '2', '1'] }] },
        { name: 'Omer', phone: '+972522000002', lang: 'he', countOfInvites: 1, attempts: [{ answer: 'human', keys: ['2'] }] },
        { name: 'Lior', phone: '+972522000003', lang: 'en', countOfInvites: 1, attempts: [{ answer: 'busy' }, { answer: 'human', keys: ['3'] }] },
      ]);
      await startCallRound(t.ctx, ev, { by: 'host' });
      await waitFor('the round to finish', roundOver(ev), 45_000);
      await fake.settled();
      const guests = new Map((await guestsOf(ev)).map((g) => [g.phone, g]));
      expect(guests.get('+972522000001')).toMatchObject({ status: 'approved', attending: 2 });
      expect(guests.get('+972522000002')).toMatchObject({ status: 'declined' });
      expect(guests.get('+972522000003')).toMatchObject({ status: 'maybe' });
      const attempts = await attemptsOf(ev);
      expect(attempts.map((a) => `${a.attempt}:${a.result}`).sort()).toEqual(['1:answered', '1:answered', '1:busy', '2:answered']);
      expect(fake.callsTo('+972522000001')).toHaveLength(1);
      expect(fake.callsTo('+972522000002')).toHaveLength(1);
      expect(fake.callsTo('+972522000003')).toHaveLength(2);
      const answers = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from guest_answers where event_id = ${ev}`)).rows[0]!.n;
      expect(answers).toBe(3);
      // The callbacks really came twice, and the ringing one after the end.
      const call = fake.callsTo('+972522000001')[0]!;
      expect(call.callbacks.filter((c) => c.status === 'completed')).toHaveLength(2);
      expect(call.callbacks.findIndex((c) => c.status === 'ringing')).toBeGreaterThan(call.callbacks.findIndex((c) => c.status === 'completed'));
    } finally {
      fake.behaviour.repeatCallbacks = false;
      fake.behaviour.outOfOrder = false;
    }
  });
});

describe('Twilio voice routes when the sandbox places the calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer 404 (TwiML and status), and an unknown audio key is 404', async () => {
    for (const url of ['/api/webhooks/voice/twilio/twiml/11111111-2222-4333-8444-555555555555?event=start', '/api/webhooks/voice/twilio/status/11111111-2222-4333-8444-555555555555']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' }, payload: 'CallSid=CA1&CallStatus=completed' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const audio = await t.app.inject({ method: 'GET', url: '/api/webhooks/voice/audio/0123456789abcdef0123456789abcdef' });
    expect(audio.statusCode).toBe(404);
  });
});

/** The texts of a TwiML document's Say elements. */
const parseSay = (xml: string) => [...xml.matchAll(/<Say[^>]*>([\s\S]*?)<\/Say>/g)].map((m) => m[1]);
