import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.js';
import { fakeMp3Of, startFakeGoogleTts } from './fake-google-tts.js';
import { hostWithEvent } from '../src/modules/guests/guest-test-kit.js';
import { startCallRound } from '../src/modules/calls/engine/start-call-round.js';

/** With Google's voices (TTS_PROVIDER=google), the TwiML `<Play>`s our rendered audio, which Twilio fetches from us. */
const APP_URL = 'http://magiim-play.test';

const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a call played with rendered speech', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let tts: Awaited<ReturnType<typeof startFakeGoogleTts>>;
  let local = '';

  beforeAll(async () => {
    tts = await startFakeGoogleTts();
    fake = await startFakeTwilio({ route: (url) => url.replace(APP_URL, local), guestFor: () => ({ answer: 'human', keys: ['2'] }) });
    t = await createTestApp({ ...fake.env(), APP_URL, SENDING_HOURS: 'always', TTS_PROVIDER: 'google', GOOGLE_TTS_API_URL: tts.url, GOOGLE_TTS_API_KEY: tts.apiKey });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    local = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await tts?.close();
  });

  it('plays each text from our audio URL (no Say), and the URL answers the rendered MP3', async () => {
    const { eventId } = await hostWithEvent(t);
    await t.ctx.db.execute(sql`update events set progress_status = 1, order_package_id = 2, include_calls_preference = true where id = ${eventId}`);
    await t.ctx.db.execute(sql`
      insert into guests (event_id, full_name, phone_number, lang, status) values (${eventId}::uuid, 'Dana', '+972524000001', 'he', 'inProgress')`);
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await waitFor('the guest to answer', async () =>
      (await t.ctx.db.execute<{ status: string }>(sql`select status from guests where event_id = ${eventId}`)).rows[0]?.status === 'declined',
    );
    await fake.settled();
    const [call] = fake.callsTo('+972524000001');
    expect(call!.twiml[0]).toContain('<Play>');
    expect(call!.twiml[0]).not.toContain('<Say');
    expect(call!.heard.length).toBeGreaterThanOrEqual(3);
    for (const url of call!.heard) {
      expect(url.startsWith(`${APP_URL}/api/webhooks/voice/audio/`)).toBe(true);
      const res = await fetch(url.replace(APP_URL, local));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(0, 4)).toEqual(fakeMp3Of('').subarray(0, 4));
    }
    // Another key: 404.
    expect((await fetch(`${local}/api/webhooks/voice/audio/${'0'.repeat(64)}`)).status).toBe(404);
  });
});
