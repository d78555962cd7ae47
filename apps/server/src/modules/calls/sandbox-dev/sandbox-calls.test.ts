import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { hostWithEvent } from '../../guests/guest-test-kit.js';
import { startCallRound } from '../engine/start-call-round.js';
import { sandboxVoiceSettings } from '../../../providers/voice/sandbox.js';
import type { SandboxCallView } from './sandbox-calls.routes.js';
import { CALL_EXTRA_TEXTS } from '../templates/call-extra-texts.js';

const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the sandbox call round and its dev page', () => {
  let t: TestApp;
  let eventId = '';
  const saved = { ...sandboxVoiceSettings };
  // Issue 27 §7: …7 is an ordinary guest (answers 1 and the full count); the page takes over a call it chooses.
  const phones = { full: '+972523000001', seven: '+972523000007', voicemail: '+972523000006', never: '+972523000004' };

  beforeAll(async () => {
    Object.assign(sandboxVoiceSettings, { ringMs: 10, answerMs: 10, noAnswerMs: 50, keyMs: 10 });
    t = await createTestApp({ SENDING_HOURS: 'always' });
    ({ eventId } = await hostWithEvent(t));
    await t.ctx.db.execute(sql`update events set progress_status = 1, order_package_id = 2, include_calls_preference = true where id = ${eventId}`);
    for (const [i, phone] of Object.values(phones).entries()) {
      await t.ctx.db.execute(sql`
        insert into guests (event_id, full_name, phone_number, lang, status, count_of_invites)
        values (${eventId}::uuid, ${`Guest ${i}`}, ${phone}, 'he', 'inProgress', 3)`);
    }
    await startCallRound(t.ctx, eventId, { by: 'host' });
  });
  afterAll(async () => {
    Object.assign(sandboxVoiceSettings, saved);
    await t?.close();
  });

  const guestOf = async (phone: string) =>
    (await t.ctx.db.execute<{ status: string; attending: number | null }>(sql`select status, attending from guests where event_id = ${eventId} and phone_number = ${phone}`)).rows[0]!;
  const list = async () => (await t.request('GET', API.sandboxCalls.list)).json() as { calls: SandboxCallView[] };
  const callTo = async (phone: string) => (await list()).calls.find((c) => c.to === phone);

  it('plays the simulated guests through the real call flow: …1 answers 1 and the full count, …6 is a voicemail, …4 never answers', async () => {
    await waitFor('…1 to answer', async () => (await guestOf(phones.full)).status === 'approved');
    expect(await guestOf(phones.full)).toEqual({ status: 'approved', attending: 3 });
    // The answer is recorded inside the call; the hang-up's final status follows it (as on Twilio).
    const full = await waitFor('…1 to hang up', async () => {
      const call = await callTo(phones.full);
      return call?.status === 'completed' && call;
    });
    expect(full.transcript.filter((l) => l.who === 'guest').map((l) => l.text)).toEqual(['(picks up)', '(presses 1)', '(presses 3#)', '(presses 1)']);
    // The call read the script (greeting, invitation with the guest's name, question), then the count, then the closing line.
    expect(full.transcript.some((l) => l.who === 'call' && l.text.includes('Guest 0'))).toBe(true);

    const voicemail = await waitFor('the voicemail to end', async () => {
      const call = await callTo(phones.voicemail);
      return call?.status === 'completed' && call;
    });
    expect(voicemail.transcript.filter((l) => l.who === 'guest').map((l) => l.text)).toEqual(['(voicemail picks up)']);
    expect((await guestOf(phones.voicemail)).status).toBe('inProgress');
    const attempt = await waitFor('the voicemail attempt to end', async () =>
      (await t.ctx.db.execute<{ result: string | null }>(sql`select a.result from call_attempts a join guests g on g.id = a.guest_id where g.phone_number = ${phones.voicemail} and a.status = 'ended'`)).rows[0],
    );
    expect(attempt.result).toBe('voicemail');

    const never = await waitFor('…4 to give up', async () => {
      const call = await callTo(phones.never);
      return call?.status === 'no-answer' && call;
    });
    expect(never.transcript.map((l) => l.text)).toEqual(['(rings)', '(does not answer)']);
    await waitFor('…7 to answer', async () => (await guestOf(phones.seven)).status === 'approved');
    expect(await guestOf(phones.seven)).toEqual({ status: 'approved', attending: 3 });
  });

  /** A new guest called now, ringing slowly enough to be taken over. */
  const ringingCallTo = async (phone: string, lang: string, countOfInvites: number) => {
    await t.ctx.db.execute(sql`
      insert into guests (event_id, full_name, phone_number, lang, status, count_of_invites)
      values (${eventId}::uuid, 'Page Guest', ${phone}, ${lang}, 'inProgress', ${countOfInvites})`);
    await t.ctx.db.execute(sql`update action_timings set state = 'running' where event_id = ${eventId} and action = 'calls'`);
    sandboxVoiceSettings.answerMs = 60_000;
    await startCallRound(t.ctx, eventId, { by: 'host' });
    return waitFor(`${phone} to ring`, async () => {
      const call = await callTo(phone);
      return call?.status === 'ringing' && call;
    });
  };

  it('a call chosen on the page is taken over: answer, keys (refused digits 400), the answer reaches the guest; calls not taken over refuse answer and keys (409)', async () => {
    const ringing = await ringingCallTo('+972523000027', 'he', 3);
    expect(ringing.mode).toBe('auto');
    expect((await t.request('POST', API.sandboxCalls.answer(ringing.id))).statusCode).toBe(409);
    const taken = await t.request('POST', API.sandboxCalls.takeover(ringing.id));
    sandboxVoiceSettings.answerMs = 10;
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as { call: SandboxCallView }).call).toMatchObject({ mode: 'manual', status: 'ringing' });
    expect((await t.request('POST', API.sandboxCalls.keys(ringing.id), { body: { digits: 'x' } })).statusCode).toBe(400);

    const answered = await t.request('POST', API.sandboxCalls.answer(ringing.id));
    expect(answered.statusCode).toBe(200);
    const call = (answered.json() as { call: SandboxCallView }).call;
    expect(call.status).toBe('in-progress');
    expect(call.prompt?.gather).toMatchObject({ numDigits: 1 });
    expect(call.prompt?.say.length).toBeGreaterThanOrEqual(3);

    const keys = await t.request('POST', API.sandboxCalls.keys(ringing.id), { body: { digits: '2' } });
    expect(keys.statusCode).toBe(200);
    expect((keys.json() as { call: SandboxCallView }).call.status).toBe('completed');
    expect((await guestOf('+972523000027')).status).toBe('declined');

    const auto = (await callTo(phones.full))!;
    const refused = await t.request('POST', API.sandboxCalls.answer(auto.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await t.request('POST', API.sandboxCalls.hangup('SBXnone'))).statusCode).toBe(404);
    // Another machine: the dev routes do not exist for it.
    expect((await t.request('GET', API.sandboxCalls.list, { ip: '203.0.113.9' })).statusCode).toBe(404);
  });

  it('the page lists the calls with their transcripts in he (rtl) and en, and plays a manual call with forms', async () => {
    const he = await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=he' });
    expect(he.statusCode).toBe(200);
    expect(he.headers['content-type']).toContain('text/html');
    expect(he.body).toContain('dir="rtl"');
    expect(he.body).toContain('שיחות ארגז החול');
    expect(he.body).toContain(phones.full);
    expect(he.body).toContain('(presses 3#)');
    const en = await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=en' });
    expect(en.body).toContain('dir="ltr"');
    expect(en.body).toContain('Sandbox calls');
    expect((await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);

    // A second call, taken over and played through the page's forms.
    const ringing = await ringingCallTo('+972523000017', 'en', 2);
    const before = await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=en' });
    expect(before.body).toContain(`/dev/sandbox/calls/${ringing.id}/takeover?lang=en`);
    expect(before.body).toContain('Take over');
    expect(
      (await t.app.inject({ method: 'POST', url: `/dev/sandbox/calls/${ringing.id}/takeover?lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }))
        .statusCode,
    ).toBe(303);
    sandboxVoiceSettings.answerMs = 10;
    const page = await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=en' });
    expect(page.body).toContain(`/dev/sandbox/calls/${ringing.id}/answer?lang=en`);
    const form = (step: string, body = '') =>
      t.app.inject({ method: 'POST', url: `/dev/sandbox/calls/${ringing.id}/${step}?lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    expect((await form('answer')).statusCode).toBe(303);
    const talking = await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=en' });
    expect(talking.body).toContain('What the call says now');
    expect(talking.body).toContain('name="digits" value="9"');
    expect((await form('keys', 'digits=1')).statusCode).toBe(303);
    expect((await form('keys', 'digits=2')).statusCode).toBe(303);
    // The count read back: 1 confirms.
    expect((await guestOf('+972523000017')).status).toBe('inProgress');
    expect((await form('keys', 'digits=1')).statusCode).toBe(303);
    expect((await guestOf('+972523000017'))).toEqual({ status: 'approved', attending: 2 });
    expect((await callTo('+972523000017'))?.status).toBe('completed');
  });

  it('the step-by-step page takes a 20-person count typed whole with #, reads it back, refuses 21 and records 20 once confirmed', async () => {
    const phone = '+972523000037';
    const ringing = await ringingCallTo(phone, 'en', 20);
    const form = (step: string, body = '') =>
      t.app.inject({ method: 'POST', url: `/dev/sandbox/calls/${ringing.id}/${step}?lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    expect((await form('takeover')).statusCode).toBe(303);
    sandboxVoiceSettings.answerMs = 10;
    const page = async () => (await t.app.inject({ method: 'GET', url: '/dev/sandbox/calls?lang=en' })).body;
    expect((await form('answer')).statusCode).toBe(303);
    expect((await form('keys', 'digits=1')).statusCode).toBe(303);
    // The count prompt: a field for the whole number and # to send, not one-tap keys (1 would be recorded at once).
    const asking = await page();
    const card = asking.slice(asking.indexOf(`data-call-id="${ringing.id}"`));
    expect(card.slice(0, card.indexOf('</article>'))).toContain('<input name="digits" inputmode="numeric"');
    expect(card.slice(0, card.indexOf('</article>'))).not.toContain('name="digits" value="1"');
    // The tester is typing: the page does not reload itself under them.
    expect(asking).not.toContain('http-equiv="refresh"');
    expect((await form('keys', `digits=${encodeURIComponent('21#')}`)).statusCode).toBe(303);
    expect((await callTo(phone))!.prompt!.say[0]).toBe(CALL_EXTRA_TEXTS.en.countAbove(20));
    expect((await form('keys', `digits=${encodeURIComponent('20#')}`)).statusCode).toBe(303);
    expect((await callTo(phone))!.prompt!.say).toEqual([CALL_EXTRA_TEXTS.en.readback(20)]);
    expect((await guestOf(phone)).status).toBe('inProgress');
    expect((await form('keys', 'digits=1')).statusCode).toBe(303);
    expect(await guestOf(phone)).toEqual({ status: 'approved', attending: 20 });
    expect((await callTo(phone))?.status).toBe('completed');
  });
});
