import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { outboxOf, setStatus } from '../../messaging/engine/engine-test-kit.js';
import { respondToCall } from './call-flow.js';
import { applyCallStatus } from './call-status.js';
import { attemptsOf, premiumEventWithGuests, useStubVoice, waitFor } from './calls-test-kit.js';
import { startCallRound } from './start-call-round.js';
import { CALL_EXTRA_TEXTS } from '../templates/call-extra-texts.js';
import { renderCallScript } from '../templates/call-script.js';

let t: TestApp;
let stub: ReturnType<typeof useStubVoice>;
const SPACING_MINUTES = 0.05;

beforeAll(async () => {
  t = await createTestApp({ SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: String(SPACING_MINUTES), CALLS_MAX_CONCURRENT: '50' });
  stub = useStubVoice(t);
});
afterAll(() => t.close());

/** A premium event with one guest invited with `countOfInvites`, its round started and its first call placed (manual). */
const oneCall = async (countOfInvites = 1) => {
  const { eventId, guests } = await premiumEventWithGuests(t, 1, { countOfInvites });
  expect(await startCallRound(t.ctx, eventId, { by: 'host' })).toEqual({ frozen: 1 });
  const [attempt] = await waitFor('the call placed', async () => {
    const rows = await attemptsOf(t, eventId);
    return rows.length === 1 && rows[0]!.providerCallId ? rows : undefined;
  });
  return { eventId, guestId: guests[0]!.id, attemptId: attempt!.id, call: stub.callOf(attempt!.id) };
};

const guestOf = async (guestId: string) =>
  (
    await t.ctx.db.execute<{ status: string; attending: number | null; sources: string[] }>(sql`
      select g.status, g.attending, coalesce((select array_agg(h.source order by h.created_at) from guest_answers h where h.guest_id = g.id), '{}') as sources
      from guests g where g.id = ${guestId}`)
  ).rows[0]!;

const say = (lengthOf: string[]) => lengthOf.length;

describe('starting the call round', () => {
  it('refuses an unknown event, an unpaid one, the basic package, calls not included and a paused event', async () => {
    await expect(startCallRound(t.ctx, '00000000-0000-4000-8000-000000000000', { by: 'host' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { eventId } = await premiumEventWithGuests(t, 2);
    await t.ctx.db.execute(sql`update events set progress_status = 0 where id = ${eventId}`);
    await expect(startCallRound(t.ctx, eventId, { by: 'host' })).rejects.toMatchObject({ code: 'EVENT_NOT_PAID' });
    await t.ctx.db.execute(sql`update events set progress_status = 1, order_package_id = 1 where id = ${eventId}`);
    await expect(startCallRound(t.ctx, eventId, { by: 'host' })).rejects.toMatchObject({ code: 'PREMIUM_REQUIRED' });
    await t.ctx.db.execute(sql`update events set order_package_id = 2, include_calls_preference = false where id = ${eventId}`);
    await expect(startCallRound(t.ctx, eventId, { by: 'host' })).rejects.toMatchObject({ code: 'CALLS_NOT_INCLUDED' });
    await t.ctx.db.execute(sql`update events set include_calls_preference = true where id = ${eventId}`);
    await t.ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${eventId})`);
    await expect(startCallRound(t.ctx, eventId, { by: 'host' })).rejects.toMatchObject({ code: 'SENDING_PAUSED' });
    expect(await outboxOf(t, eventId)).toEqual([]);
  });

  it('freezes each guest who has not answered once (call rows: channel 2, type 4, wave 0); a second start adds nothing', async () => {
    const { eventId, guests } = await premiumEventWithGuests(t, 6);
    await setStatus(t, guests[0]!.id, 'approved', 2);
    await setStatus(t, guests[1]!.id, 'wrongNumber');
    await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[2]!.phoneNumber}, 'sms')`);
    expect(await startCallRound(t.ctx, eventId, { by: 'host' })).toEqual({ frozen: 3 });
    expect(await startCallRound(t.ctx, eventId, { by: 'schedule' })).toEqual({ frozen: 0 });
    const rows = (await outboxOf(t, eventId)).filter((row) => row.action === 'calls');
    expect(rows.map((row) => row.guestId).sort()).toEqual(guests.slice(3).map((g) => g.id).sort());
    expect(rows.every((row) => row.channel === 2 && row.wave === 0)).toBe(true);
    const types = (await t.ctx.db.execute<{ type: number }>(sql`select distinct type from outbox_messages where event_id = ${eventId}`)).rows;
    expect(types).toEqual([{ type: 4 }]);
    // Each frozen guest is called once for attempt 1.
    const attempts = await waitFor('three calls placed', async () => {
      const found = await attemptsOf(t, eventId);
      return found.length === 3 ? found : undefined;
    });
    expect(new Set(attempts.map((a) => a.guestId)).size).toBe(3);
    expect(attempts.every((a) => a.attempt === 1)).toBe(true);
  });
});

describe('the keypad', () => {
  it('1 then a count: the count above the invitation is asked again; approved with that many, through the answer rules', async () => {
    const { eventId, guestId, attemptId, call } = await oneCall(3);
    await stub.send(call, 'in-progress', { answeredBy: 'human' });
    const start = await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    expect(start.say).toHaveLength(3);
    expect(start.say.every((text) => text.length > 0)).toBe(true);
    expect(start.gather).toEqual({ numDigits: 1, timeoutSeconds: 8 });
    const count = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(say(count.say)).toBe(1);
    expect(count.say[0]).not.toBe(start.say[2]);
    // Digits then # or a 3-second pause (not 8 s).
    expect(count.gather).toEqual({ numDigits: 1, timeoutSeconds: 3, finishOnKey: '#' });
    // 5 of 3 invited: refused (said so) and asked again; 0: the count again; nothing recorded yet.
    const above = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '5' });
    expect(above.say).toEqual([CALL_EXTRA_TEXTS.he.countAbove(3), count.say[0]]);
    expect(above.gather).toEqual(count.gather);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '0' })).toEqual(count);
    // The count read back: 1 confirms.
    const readback = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' });
    expect(readback.say).toEqual([CALL_EXTRA_TEXTS.he.readback(2)]);
    expect(readback.gather).toMatchObject({ numDigits: 1 });
    expect((await guestOf(guestId)).status).toBe('inProgress');
    const closing = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(closing.gather).toBeNull();
    expect(closing.say).toHaveLength(1);
    expect(await guestOf(guestId)).toEqual({ status: 'approved', attending: 2, sources: ['call'] });
    // The host's bell has the answer, as for an answer on the page.
    const bell = (await t.ctx.db.execute<{ type: string; count: number }>(sql`select type, count from notifications where event_id = ${eventId}::uuid`)).rows;
    expect(bell.map((row) => [row.type, Number(row.count)])).toContainEqual(['approved', 1]);
    // Anything after the end just hangs up.
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' })).toMatchObject({ say: [], gather: null });
    await stub.send(call, 'completed', { durationSeconds: 30 });
    const [attempt] = await attemptsOf(t, eventId);
    expect(attempt).toMatchObject({ status: 'ended', result: 'answered', answerStatus: 'approved', answerAttending: 2 });
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'delivered', reason: null, attempts: 1 });
    expect(
      (await t.ctx.db.execute<{ state: string }>(sql`select state from action_timings where event_id = ${eventId} and action = 'calls'`)).rows[0]?.state,
    ).toBe('done');
  });

  it('ten or more invited: the count takes two digits', async () => {
    const { attemptId } = await oneCall(12);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' })).gather).toMatchObject({ numDigits: 2 });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '13' })).gather).toMatchObject({ numDigits: 2 });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '12' })).say).toEqual([CALL_EXTRA_TEXTS.he.readback(12)]);
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' })).gather).toBeNull();
  });

  it('a 20-person invitation: digits then #, read back, 2 enters it again, above 20 refused; 20 recorded once confirmed', async () => {
    const { eventId, guestId, attemptId } = await oneCall(20);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    const script = (await renderCallScript(t.ctx, { eventId, guestId, lang: 'he' }))!;
    const count = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(count).toEqual({ lang: 'he', say: [script.count, CALL_EXTRA_TEXTS.he.countFinish], gather: { numDigits: 2, timeoutSeconds: 3, finishOnKey: '#' } });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '21' })).say).toEqual([CALL_EXTRA_TEXTS.he.countAbove(20), ...count.say]);
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '20' })).say).toEqual([CALL_EXTRA_TEXTS.he.readback(20)]);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' })).toEqual(count);
    // '7#' as Twilio sends it (the # is not in Digits) or as typed: 7.
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '7#' })).say).toEqual([CALL_EXTRA_TEXTS.he.readback(7)]);
    // A silence at the read-back reads it again.
    expect((await respondToCall(t.ctx, attemptId, { kind: 'silence' })).say).toEqual([CALL_EXTRA_TEXTS.he.readback(7)]);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' })).toEqual(count);
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '20' });
    expect((await guestOf(guestId)).status).toBe('inProgress');
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' })).say).toEqual([script.closing]);
    expect(await guestOf(guestId)).toEqual({ status: 'approved', attending: 20, sources: ['call'] });
  });

  it('asks transport when the event asks it: 1 a ride then the pickup point by number, 2 no ride; a call ended before leaves it open', async () => {
    const points = ['Tel Aviv, Arlozorov', 'Jerusalem, Binyanei HaUma'];
    const setTransport = (eventId: string) =>
      t.ctx.db.execute(sql`update events set transport = ${JSON.stringify({ ask: 'all_guests', options: points })}::jsonb where id = ${eventId}::uuid`);
    const transportOf = async (guestId: string) =>
      (await t.ctx.db.execute<{ transport: { option: string } | null; open: boolean }>(sql`
        select answer_transport as transport, answer_transport_open as open from guests where id = ${guestId}::uuid`)).rows[0]!;

    const { eventId, guestId, attemptId } = await oneCall(2);
    await setTransport(eventId);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' });
    const ride = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(ride).toEqual({ lang: 'he', say: [CALL_EXTRA_TEXTS.he.ride], gather: { numDigits: 1, timeoutSeconds: 8 } });
    // The count is kept already; transport open until answered.
    expect(await guestOf(guestId)).toMatchObject({ status: 'approved', attending: 2 });
    expect(await transportOf(guestId)).toEqual({ transport: null, open: true });
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '7' })).toEqual(ride);
    const pickup = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(pickup.say).toEqual([CALL_EXTRA_TEXTS.he.pickupIntro, CALL_EXTRA_TEXTS.he.pickupOption(points[0]!, 1), CALL_EXTRA_TEXTS.he.pickupOption(points[1]!, 2)]);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '3' })).toEqual(pickup);
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' })).gather).toBeNull();
    expect(await transportOf(guestId)).toEqual({ transport: { option: points[1] }, open: false });
    expect(await guestOf(guestId)).toMatchObject({ status: 'approved', attending: 2 });

    // 2: no ride needed, answered.
    const noRide = await oneCall(1);
    await setTransport(noRide.eventId);
    await respondToCall(t.ctx, noRide.attemptId, { kind: 'start', answeredBy: 'human' });
    expect(await respondToCall(t.ctx, noRide.attemptId, { kind: 'keys', digits: '1' })).toMatchObject({ say: [CALL_EXTRA_TEXTS.he.ride] });
    expect((await respondToCall(t.ctx, noRide.attemptId, { kind: 'keys', digits: '2' })).gather).toBeNull();
    expect(await transportOf(noRide.guestId)).toEqual({ transport: null, open: false });

    // Two silences at the ride question: thanked, the call answered, transport still open.
    const silent = await oneCall(1);
    await setTransport(silent.eventId);
    await respondToCall(t.ctx, silent.attemptId, { kind: 'start', answeredBy: 'human' });
    await respondToCall(t.ctx, silent.attemptId, { kind: 'keys', digits: '1' });
    expect(await respondToCall(t.ctx, silent.attemptId, { kind: 'silence' })).toMatchObject({ say: [CALL_EXTRA_TEXTS.he.ride] });
    expect((await respondToCall(t.ctx, silent.attemptId, { kind: 'silence' })).gather).toBeNull();
    expect(await transportOf(silent.guestId)).toEqual({ transport: null, open: true });
    expect((await attemptsOf(t, silent.eventId))[0]).toMatchObject({ result: 'answered', answerStatus: 'approved', answerAttending: 1 });
  });

  it('issue 32: the split when the event asks it: how many children after the count, above the count refused, the rest adults; then transport', async () => {
    const setSplit = (eventId: string, mode: string) => t.ctx.db.execute(sql`update events set household_split = ${mode} where id = ${eventId}::uuid`);
    const splitOfGuest = async (guestId: string) =>
      (await t.ctx.db.execute<{ split: Record<string, number> | null }>(sql`select answer_split as split from guests where id = ${guestId}::uuid`)).rows[0]!.split;
    const numberGather = { numDigits: 1, timeoutSeconds: 3, finishOnKey: '#' };

    const { eventId, guestId, attemptId } = await oneCall(3);
    await setSplit(eventId, 'adultsChildren');
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '3' });
    const split = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(split).toEqual({ lang: 'he', say: [CALL_EXTRA_TEXTS.he.splitChildren(3)], gather: numberGather });
    // The count is kept already, the split not told yet.
    expect(await guestOf(guestId)).toMatchObject({ status: 'approved', attending: 3 });
    expect(await splitOfGuest(guestId)).toBeNull();
    // 4 children of 3 coming: refused, asked again; a silence asks again; nothing keyed asks again.
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '4' })).toEqual({ ...split, say: [CALL_EXTRA_TEXTS.he.splitAbove(3), ...split.say] });
    expect(await respondToCall(t.ctx, attemptId, { kind: 'silence' })).toEqual(split);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '#' })).toEqual(split);
    const closing = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(closing.gather).toBeNull();
    expect(await splitOfGuest(guestId)).toEqual({ adults: 2, children: 1 });
    expect(await guestOf(guestId)).toMatchObject({ status: 'approved', attending: 3 });
    expect((await attemptsOf(t, eventId))[0]).toMatchObject({ result: 'answered', answerStatus: 'approved', answerAttending: 3 });

    // Men and women, one invited, with transport: 0 women (one man), then the ride question.
    const men = await oneCall(1);
    await setSplit(men.eventId, 'menWomen');
    await t.ctx.db.execute(sql`update events set transport = ${JSON.stringify({ ask: 'all_guests', options: ['Haifa'] })}::jsonb where id = ${men.eventId}::uuid`);
    await respondToCall(t.ctx, men.attemptId, { kind: 'start', answeredBy: 'human' });
    expect(await respondToCall(t.ctx, men.attemptId, { kind: 'keys', digits: '1' })).toEqual({ lang: 'he', say: [CALL_EXTRA_TEXTS.he.splitWomen(1)], gather: numberGather });
    expect(await respondToCall(t.ctx, men.attemptId, { kind: 'keys', digits: '0' })).toMatchObject({ say: [CALL_EXTRA_TEXTS.he.ride] });
    expect(await splitOfGuest(men.guestId)).toEqual({ men: 1, women: 0 });

    // Two silences at the split: thanked, the count kept, the split not told.
    const silent = await oneCall(2);
    await setSplit(silent.eventId, 'adultsChildren');
    await respondToCall(t.ctx, silent.attemptId, { kind: 'start', answeredBy: 'human' });
    await respondToCall(t.ctx, silent.attemptId, { kind: 'keys', digits: '1' });
    await respondToCall(t.ctx, silent.attemptId, { kind: 'keys', digits: '2' });
    await respondToCall(t.ctx, silent.attemptId, { kind: 'keys', digits: '1' });
    expect(await respondToCall(t.ctx, silent.attemptId, { kind: 'silence' })).toMatchObject({ say: [CALL_EXTRA_TEXTS.he.splitChildren(2)] });
    expect((await respondToCall(t.ctx, silent.attemptId, { kind: 'silence' })).gather).toBeNull();
    expect(await guestOf(silent.guestId)).toMatchObject({ status: 'approved', attending: 2 });
    expect(await splitOfGuest(silent.guestId)).toBeNull();
    expect((await attemptsOf(t, silent.eventId))[0]).toMatchObject({ result: 'answered', answerAttending: 2 });
  });

  it('issue 32: the split texts exist in the four languages, the number in each', () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const extra = CALL_EXTRA_TEXTS[lang];
      for (const text of [extra.splitChildren(7), extra.splitWomen(7), extra.splitAbove(7)]) expect(text).toContain('7');
    }
  });

  it('one invited: 1 is approved for one, no count asked', async () => {
    const { guestId, attemptId } = await oneCall(1);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' })).gather).toBeNull();
    expect(await guestOf(guestId)).toMatchObject({ status: 'approved', attending: 1 });
  });

  it.each([
    ['2', 'declined', 0],
    ['3', 'maybe', null],
  ] as const)('%s → %s', async (key, status, attending) => {
    const { eventId, guestId, attemptId, call } = await oneCall(2);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    expect((await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: key })).gather).toBeNull();
    expect(await guestOf(guestId)).toEqual({ status, attending, sources: ['call'] });
    await stub.send(call, 'completed', { durationSeconds: 12 });
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'delivered' });
  });

  it('9 repeats everything, another key the question, one silence the question, a second silence thanks and hangs up (silence: another attempt)', async () => {
    const { eventId, guestId, attemptId, call } = await oneCall(2);
    const start = await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    expect(await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '9' })).toEqual(start);
    const question = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '7' });
    expect(question.say).toEqual([start.say[2]]);
    expect(question.gather).not.toBeNull();
    expect(await respondToCall(t.ctx, attemptId, { kind: 'silence' })).toEqual(question);
    // A key between two silences starts the count of silences again.
    await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '*' });
    expect(await respondToCall(t.ctx, attemptId, { kind: 'silence' })).toEqual(question);
    const bye = await respondToCall(t.ctx, attemptId, { kind: 'silence' });
    expect(bye.gather).toBeNull();
    expect(bye.say).toHaveLength(1);
    expect(bye.say[0]).not.toBe(start.say[2]);
    await stub.send(call, 'completed', { durationSeconds: 40 });
    const [attempt] = await attemptsOf(t, eventId);
    expect(attempt).toMatchObject({ result: 'silence', answerStatus: null });
    expect((await guestOf(guestId)).status).toBe('inProgress');
    // Another attempt, not before the spacing: the second attempt is placed at least CALL_RETRY_SPACING_MINUTES after the first ended.
    const [, second] = await waitFor('the second attempt placed', async () => {
      const rows = await attemptsOf(t, eventId);
      return rows.length === 2 ? rows : undefined;
    });
    expect(second!.attempt).toBe(2);
    expect(second!.placedAt.getTime() - attempt!.endedAt!.getTime()).toBeGreaterThanOrEqual(SPACING_MINUTES * 60_000 - 1_000);
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it("speaks the guest's language when the event has it, else the event's default; keys work the same in each", async () => {
    const { eventId, guests } = await premiumEventWithGuests(t, 4, { countOfInvites: 2 });
    await t.ctx.db.execute(sql`update events set langs = '{he,en,ru,ar}', default_lang = 'he' where id = ${eventId}`);
    const langs = ['he', 'en', 'ru', 'ar'] as const;
    for (const [index, guest] of guests.entries()) await t.ctx.db.execute(sql`update guests set lang = ${langs[index]!} where id = ${guest.id}`);
    await startCallRound(t.ctx, eventId, { by: 'host' });
    const attempts = await waitFor('four calls placed', async () => {
      const rows = await attemptsOf(t, eventId);
      return rows.length === 4 && rows.every((row) => row.providerCallId) ? rows : undefined;
    });
    const starts = new Map<string, string[]>();
    for (const [index, guest] of guests.entries()) {
      const attempt = attempts.find((row) => row.guestId === guest.id)!;
      const lang = langs[index]!;
      const start = await respondToCall(t.ctx, attempt.id, { kind: 'start', answeredBy: 'human' });
      const script = (await renderCallScript(t.ctx, { eventId, guestId: guest.id, lang }))!;
      expect(start).toMatchObject({ lang, say: [script.greeting, script.invitation, script.question] });
      starts.set(lang, start.say);
      expect(await respondToCall(t.ctx, attempt.id, { kind: 'keys', digits: '1' })).toMatchObject({ lang, say: [script.count] });
      expect(await respondToCall(t.ctx, attempt.id, { kind: 'keys', digits: '3' })).toMatchObject({ lang, say: [CALL_EXTRA_TEXTS[lang].countAbove(2), script.count] });
      expect(await respondToCall(t.ctx, attempt.id, { kind: 'keys', digits: '2' })).toMatchObject({ lang, say: [CALL_EXTRA_TEXTS[lang].readback(2)] });
      expect(await respondToCall(t.ctx, attempt.id, { kind: 'keys', digits: '1' })).toEqual({ lang, say: [script.closing], gather: null });
      expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2, sources: ['call'] });
    }
    // Four different scripts, one per language (not the same text read in four voices).
    expect(new Set([...starts.values()].map((say) => say[2])).size).toBe(4);

    // A language the event does not have: the event's default.
    const other = await premiumEventWithGuests(t, 1);
    await t.ctx.db.execute(sql`update events set langs = '{en}', default_lang = 'en' where id = ${other.eventId}`);
    await t.ctx.db.execute(sql`update guests set lang = 'ar' where id = ${other.guests[0]!.id}`);
    await startCallRound(t.ctx, other.eventId, { by: 'host' });
    const [fallback] = await waitFor('the call placed', async () => {
      const rows = await attemptsOf(t, other.eventId);
      return rows.length === 1 && rows[0]!.providerCallId ? rows : undefined;
    });
    expect((await respondToCall(t.ctx, fallback!.id, { kind: 'start', answeredBy: 'human' })).lang).toBe('en');
  });

  it('a silence while asking the count asks the count again', async () => {
    const { attemptId } = await oneCall(4);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    const count = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '1' });
    expect(await respondToCall(t.ctx, attemptId, { kind: 'silence' })).toEqual(count);
  });

  it('a machine is hung up on at once: voicemail, another attempt', async () => {
    const { eventId, attemptId, call } = await oneCall(2);
    expect(await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'machine' })).toMatchObject({ say: [], gather: null });
    await stub.send(call, 'completed', { durationSeconds: 3, answeredBy: 'machine' });
    expect((await attemptsOf(t, eventId))[0]).toMatchObject({ status: 'ended', result: 'voicemail' });
    const [row] = await outboxOf(t, eventId);
    expect(['queued', 'sent']).toContain(row!.state);
  });

  it('an answer after the event day: thanked, nothing recorded', async () => {
    const { eventId, guestId, attemptId } = await oneCall(1);
    await t.ctx.db.execute(sql`update events set date = current_date - 2 where id = ${eventId}`);
    await respondToCall(t.ctx, attemptId, { kind: 'start', answeredBy: 'human' });
    const bye = await respondToCall(t.ctx, attemptId, { kind: 'keys', digits: '2' });
    expect(bye.gather).toBeNull();
    expect(bye.say).toHaveLength(1);
    expect((await guestOf(guestId)).status).toBe('inProgress');
  });

  it('an unknown attempt id (or not a uuid) just hangs up', async () => {
    expect(await respondToCall(t.ctx, '00000000-0000-4000-8000-000000000000', { kind: 'start', answeredBy: 'human' })).toMatchObject({ say: [], gather: null });
    expect(await respondToCall(t.ctx, 'nope', { kind: 'keys', digits: '1' })).toMatchObject({ say: [], gather: null });
  });
});

describe('statuses', () => {
  it('replayed and out-of-order reports are harmless: forward only, an ended attempt never changes, another call id is ignored', async () => {
    const { eventId, attemptId, call } = await oneCall(1);
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
    const base = { providerCallId: call.providerCallId, answeredBy: null, durationSeconds: null, sequence: null };
    await applyCallStatus(t.ctx, attemptId, { ...base, status: 'in-progress', at: at(2000) });
    await applyCallStatus(t.ctx, attemptId, { ...base, status: 'ringing', at: at(1000) });
    expect((await attemptsOf(t, eventId))[0]!.status).toBe('talking');
    // A report for another call than this attempt's.
    await applyCallStatus(t.ctx, attemptId, { ...base, providerCallId: 'someone-else', status: 'busy', at: at(3000) });
    expect((await attemptsOf(t, eventId))[0]!.status).toBe('talking');
    const end = { ...base, status: 'no-answer' as const, at: at(4000) };
    await applyCallStatus(t.ctx, attemptId, end);
    const ended = await attemptsOf(t, eventId);
    const rowAfter = await outboxOf(t, eventId);
    for (const replay of [end, { ...base, status: 'completed' as const, durationSeconds: 99, at: at(5000) }, { ...base, status: 'ringing' as const, at: at(500) }]) {
      await applyCallStatus(t.ctx, attemptId, replay);
    }
    expect((await attemptsOf(t, eventId))[0]).toEqual(ended[0]);
    expect(ended[0]).toMatchObject({ status: 'ended', result: 'noAnswer' });
    const now = await outboxOf(t, eventId);
    expect(now[0]!.attempts).toBe(rowAfter[0]!.attempts);
  });

  it('an unknown attempt is ignored', async () => {
    await expect(
      applyCallStatus(t.ctx, '00000000-0000-4000-8000-000000000000', { providerCallId: 'x', status: 'completed', answeredBy: null, durationSeconds: 1, at: new Date(), sequence: 1 }),
    ).resolves.toBeUndefined();
  });
});
