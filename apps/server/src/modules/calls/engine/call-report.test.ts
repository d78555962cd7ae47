import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallReport } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { attemptsOf, premiumEventWithGuests, useStubVoice, waitFor } from './calls-test-kit.js';
import { startCallRound } from './start-call-round.js';
import { VoiceCallError } from '../../../providers/voice/index.js';

let t: TestApp;

beforeAll(async () => {
  // A long spacing: a guest not reached waits for the next attempt, which the report shows.
  t = await createTestApp({ SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: '120', CALLS_MAX_CONCURRENT: '10' });
  // Phones by last digit: 1 answers 1 with two coming (confirmed when read back), 2 declines, 3 never answers, 4 is refused for good, 5 is left ringing.
  useStubVoice(t, (request) => {
    const last = request.to.slice(-1);
    if (last === '1') return { kind: 'answer', answeredBy: 'human', keys: ['1', '2', '1'] };
    if (last === '2') return { kind: 'answer', answeredBy: 'human', keys: ['2'] };
    if (last === '3') return { kind: 'end', status: 'no-answer' };
    if (last === '4') return { kind: 'refuse', error: new VoiceCallError('invalid number', { code: '21217', permanent: true }) };
    return { kind: 'manual' };
  });
});
afterAll(() => t.close());

describe('GET calls/report/{id}', () => {
  it('pages the round guest by guest with attempts, next attempt and answer; totals by result; another host 404', async () => {
    const { token, eventId, guests } = await premiumEventWithGuests(t, 6, { countOfInvites: 3 });
    await t.ctx.db.execute(sql`update guests set status = 'approved', attending = 1 where id = ${guests[5]!.id}`);
    const report = async (query = '', as = token) => t.request('GET', `/calls/report/${eventId}${query}`, { token: as });
    const before = await report();
    expect(before.statusCode, before.body).toBe(200);
    // The event took calls after its timing was made: the calls action is off until the host starts it.
    expect(before.json()).toMatchObject({ state: 'disabled', total: 0, items: [] });

    await startCallRound(t.ctx, eventId, { by: 'host' });
    await waitFor('every call placed and the scripted ones over', async () => {
      const attempts = await attemptsOf(t, eventId);
      return attempts.length === 5 && attempts.filter((a) => a.status === 'ended').length === 4;
    });
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CallReport;
    expect(body.state).toBe('running');
    // Issue 27 §2: "calling" is a call on the wire (5); a guest between tries waits for the next (3).
    expect(body.totals).toEqual({ queued: 0, calling: 1, retrying: 1, answered: 2, noAnswer: 0, failed: 1, skipped: 0 });
    expect(body.total).toBe(5);
    const byPhone = new Map(body.items.map((item) => [item.phoneNumber.slice(-1), item]));
    expect(byPhone.get('1')).toMatchObject({ result: 'answered', answer: { status: 'approved', attending: 2 }, nextAttemptAt: null });
    expect(byPhone.get('1')!.attempts).toEqual([{ attempt: 1, startedAt: expect.any(String), durationSeconds: 20, result: 'answered' }]);
    expect(byPhone.get('2')).toMatchObject({ result: 'answered', answer: { status: 'declined', attending: 0 } });
    expect(byPhone.get('3')).toMatchObject({ result: 'retrying', reason: 'noAnswer', answer: null });
    // The next try's moment in Asia/Jerusalem (the screen shows "next try at HH:mm").
    const [retryRow] = (
      await t.ctx.db.execute<{ notBefore: string }>(sql`select o.not_before as "notBefore" from outbox_messages o where o.guest_id = ${byPhone.get('3')!.guestId} and o.action = 'calls'`)
    ).rows;
    const jerusalem = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(retryRow!.notBefore))
      .replace(' ', 'T');
    expect(byPhone.get('3')!.nextAttemptAt).toBe(jerusalem);
    expect(byPhone.get('3')!.attempts).toEqual([{ attempt: 1, startedAt: expect.any(String), durationSeconds: null, result: 'noAnswer' }]);
    expect(byPhone.get('4')).toMatchObject({ result: 'failed', reason: '21217', nextAttemptAt: null });
    expect(byPhone.get('5')).toMatchObject({ result: 'calling', nextAttemptAt: null, attempts: [{ attempt: 1, result: null }] });

    // Pages: two at a time, in name order, together the whole round; a filter by result.
    const pages: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = (await report(`?offset=${offset}&limit=2`)).json() as CallReport;
      expect(page.total).toBe(5);
      pages.push(...page.items.map((item) => item.guestId));
    }
    expect(pages).toEqual(body.items.map((item) => item.guestId));
    const answered = (await report('?result=answered')).json() as CallReport;
    expect([answered.total, answered.items.length]).toEqual([2, 2]);
    expect((await report('?limit=0')).statusCode).toBe(400);

    // One guest's row (the guest's history): only that guest, totals still the round's; a guest not in the round has none.
    const one = (await report(`?guestId=${byPhone.get('3')!.guestId}`)).json() as CallReport;
    expect(one.items).toEqual([byPhone.get('3')]);
    expect([one.total, one.totals]).toEqual([1, body.totals]);
    const oneAnswered = (await report(`?guestId=${byPhone.get('1')!.guestId}&result=answered`)).json() as CallReport;
    expect([oneAnswered.total, oneAnswered.items.map((item) => item.guestId)]).toEqual([1, [byPhone.get('1')!.guestId]]);
    const notThatResult = (await report(`?guestId=${byPhone.get('1')!.guestId}&result=noAnswer`)).json() as CallReport;
    expect([notThatResult.total, notThatResult.items]).toEqual([0, []]);
    const notInRound = (await report(`?guestId=${guests[5]!.id}`)).json() as CallReport;
    expect([notInRound.total, notInRound.items]).toEqual([0, []]);
    const later = (await report(`?guestId=${byPhone.get('3')!.guestId}&offset=1`)).json() as CallReport;
    expect([later.total, later.items]).toEqual([1, []]);
    expect((await report('?guestId=not-a-uuid')).statusCode).toBe(400);

    // The funnel has the call round (sent = called, delivered = answered on the keypad, channel "2"); the guest's history its row.
    const funnel = (await t.request('GET', `/messages/funnel/${eventId}`, { token })).json() as { actions: { action: string }[] };
    expect(funnel.actions.find((action) => action.action === 'calls')).toEqual({
      action: 'calls',
      frozen: 5,
      sent: 5,
      delivered: 2,
      read: 0,
      answered: 2,
      failed: 1,
      byChannel: { '2': { sent: 5, delivered: 2, read: 0, failed: 1 } },
    });
    const noAnswer = byPhone.get('3')!;
    const history = await t.request('GET', `/messages/guest/${eventId}/${noAnswer.guestId}`, { token });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({ items: [{ type: 4, channel: 2, action: 'calls', state: 'queued', reason: 'noAnswer' }] });

    const intruder = (await signUpHost(t)).token;
    for (const [id, as] of [
      [eventId, intruder],
      [randomUUID(), token],
    ] as const) {
      for (const query of ['', `?guestId=${byPhone.get('1')!.guestId}`]) {
        const refused = await t.request('GET', `/calls/report/${id}${query}`, { token: as });
        expect([refused.statusCode, refused.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'event not found' }]);
      }
    }
    expect((await t.request('GET', `/calls/report/${eventId}`)).statusCode).toBe(401);
  });
});
