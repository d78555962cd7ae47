import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceCallError, type CallPrompt } from '../src/providers/voice/index.js';
import { createTwilioVoiceProvider } from '../src/providers/voice/twilio.js';
import { twilioSignature, verifyTwilioSignature } from '../src/providers/voice/twilio-signature.js';
import { renderTwiml } from '../src/providers/voice/twiml.js';
import { parseTwiml, startFakeTwilio, type FakeTwilio } from './fake-twilio.js';

const logger = pino({ level: 'silent' });
const ATTEMPT = '11111111-2222-4333-8444-555555555555';

const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('Twilio voice adapter against the fake Twilio', () => {
  let fake: FakeTwilio;
  const provider = (overrides: { authToken?: string; apiUrl?: string; requestTimeoutMs?: number } = {}) =>
    createTwilioVoiceProvider(
      {
        apiUrl: overrides.apiUrl ?? fake.apiUrl,
        accountSid: fake.accountSid,
        authToken: overrides.authToken ?? fake.authToken,
        fromNumber: '+972500000001',
        // Nobody listens here: the fake's guest reaches no TwiML and hangs up.
        appUrl: 'http://127.0.0.1:9',
        ...(overrides.requestTimeoutMs ? { requestTimeoutMs: overrides.requestTimeoutMs } : {}),
      },
      logger,
    );

  beforeAll(async () => {
    fake = await startFakeTwilio({ guestFor: (to) => ({ answer: to.endsWith('4') ? 'no-answer' : 'human' }) });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('places a call: form-encoded, Basic auth, our TwiML and status URLs, machine detection, ring timeout', async () => {
    const { providerCallId } = await provider().placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' });
    expect(providerCallId).toMatch(/^CA[0-9a-f]{32}$/);
    const call = fake.calls.get(providerCallId)!;
    expect(call.to).toBe('+972501234561');
    expect(call.from).toBe('+972500000001');
    expect(call.url).toBe(`http://127.0.0.1:9/api/webhooks/voice/twilio/twiml/${ATTEMPT}?event=start`);
    expect(call.statusCallback).toBe(`http://127.0.0.1:9/api/webhooks/voice/twilio/status/${ATTEMPT}`);
    expect(call.params.StatusCallbackEvent).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(call.params.MachineDetection).toEqual(['Enable']);
    expect(call.params.Method).toEqual(['POST']);
    expect(call.params.Timeout).toEqual(['30']);
  });

  it('maps refusals: an invalid number is permanent, a 5xx retryable, bad credentials not permanent, a timeout after sending unknown, an unreachable API retryable', async () => {
    const errorOf = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        return error as VoiceCallError;
      }
      throw new Error('no error');
    };
    const invalid = await errorOf(() => provider().placeCall({ attemptId: ATTEMPT, to: '+97250', lang: 'he' }));
    expect(invalid).toBeInstanceOf(VoiceCallError);
    expect(invalid).toMatchObject({ code: '21211', permanent: true, outcomeUnknown: false });

    fake.fail({ status: 400, code: 13224, message: 'Invalid phone number' });
    expect(await errorOf(() => provider().placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({ code: '13224', permanent: true });

    fake.fail({ status: 503, code: 20503 });
    expect(await errorOf(() => provider().placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({ permanent: false, outcomeUnknown: false });

    fake.fail({ status: 429, code: 20429 });
    expect(await errorOf(() => provider().placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({ code: 'rateLimited', permanent: false });

    expect(await errorOf(() => provider({ authToken: 'wrong' }).placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({
      code: 'auth',
      permanent: false,
      outcomeUnknown: false,
    });

    const before = fake.calls.size;
    fake.fail('timeout');
    expect(await errorOf(() => provider({ requestTimeoutMs: 300 }).placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({
      code: 'timeout',
      permanent: false,
      outcomeUnknown: true,
    });
    // The fake took that call: the engine finds it with findCalls.
    expect(fake.calls.size).toBe(before + 1);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await errorOf(() => provider({ apiUrl: closedUrl }).placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' }))).toMatchObject({
      code: 'network',
      permanent: false,
      outcomeUnknown: false,
    });
  });

  it('reads a call, finds calls by number since a time, and hangs up (no error for one already over)', async () => {
    const since = new Date();
    const voice = provider();
    const { providerCallId: first } = await voice.placeCall({ attemptId: ATTEMPT, to: '+972509990004', lang: 'he' });
    const { providerCallId: second } = await voice.placeCall({ attemptId: ATTEMPT, to: '+972509990004', lang: 'he' });
    await waitFor('the calls to end', async () => (await voice.getCall(first))?.status === 'no-answer' && (await voice.getCall(second))?.status === 'no-answer');
    expect(await voice.getCall(first)).toMatchObject({ providerCallId: first, status: 'no-answer', durationSeconds: 0, answeredBy: null });
    expect(await voice.getCall('CA00000000000000000000000000000000')).toBeNull();

    const found = await voice.findCalls('+972509990004', since);
    expect(found.map((r) => r.providerCallId).sort()).toEqual([first, second].sort());
    expect(await voice.findCalls('+972509990004', new Date(Date.now() + 60_000))).toEqual([]);
    expect(await voice.findCalls('+972509990000', since)).toEqual([]);

    // Over already: Twilio answers 21220, which is nothing to end.
    await expect(voice.hangUp(first)).resolves.toBeUndefined();
  });

  it('hangs up a call in progress (Status=completed)', async () => {
    const slow = await startFakeTwilio({ ringMs: 200, guestFor: () => ({ answer: 'human' }) });
    try {
      const voice = createTwilioVoiceProvider(
        { apiUrl: slow.apiUrl, accountSid: slow.accountSid, authToken: slow.authToken, fromNumber: '+972500000001', appUrl: 'http://127.0.0.1:9' },
        logger,
      );
      const { providerCallId } = await voice.placeCall({ attemptId: ATTEMPT, to: '+972501234561', lang: 'he' });
      await voice.hangUp(providerCallId);
      await waitFor('the call to end', async () => ['completed', 'canceled'].includes((await voice.getCall(providerCallId))?.status ?? ''));
    } finally {
      await slow.close();
    }
  });
});

describe('Twilio signature and TwiML', () => {
  it('signs the URL and the sorted parameters; any change breaks it', () => {
    const url = 'https://magiim.example/api/webhooks/voice/twilio/status/abc?x=1';
    const params: [string, string][] = [
      ['To', '+972501234561'],
      ['CallSid', 'CA123'],
      ['CallStatus', 'completed'],
      ['Digits', '1'],
    ];
    const signature = twilioSignature('token', url, params);
    expect(verifyTwilioSignature('token', url, [...params].reverse(), signature)).toBe(true);
    expect(verifyTwilioSignature('token', `${url}&y=2`, params, signature)).toBe(false);
    expect(verifyTwilioSignature('token', url.replace('https', 'http'), params, signature)).toBe(false);
    expect(verifyTwilioSignature('other', url, params, signature)).toBe(false);
    expect(verifyTwilioSignature('token', url, [...params.slice(1), ['To', '+972501234562']], signature)).toBe(false);
    expect(verifyTwilioSignature('token', url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature('token', url, params, `${signature.slice(0, -2)}A=`)).toBe(false);
  });

  it('renders a gather with Say voices per language, escaped, a silence redirect; no gather: the texts and Hangup', () => {
    const prompt: CallPrompt = { lang: 'he', say: ['שלום <דנה> & "משפחה"', 'הקישו 1'], gather: { numDigits: 1, timeoutSeconds: 8 } };
    const xml = renderTwiml(prompt, prompt.say.map((say) => ({ say })), 'https://m.example/api/webhooks/voice/twilio/twiml/a1');
    expect(xml).toContain('<Gather input="dtmf" numDigits="1" timeout="8" action="https://m.example/api/webhooks/voice/twilio/twiml/a1?event=keys" method="POST">');
    expect(xml).toContain('<Say voice="Google.he-IL-Standard-A" language="he-IL">שלום &lt;דנה&gt; &amp; &quot;משפחה&quot;</Say>');
    expect(xml).toContain('<Redirect method="POST">https://m.example/api/webhooks/voice/twilio/twiml/a1?event=silence</Redirect>');
    const parsed = parseTwiml(xml);
    expect(parsed.spoken).toEqual(prompt.say);
    expect(parsed.gather?.numDigits).toBe('1');

    const end = renderTwiml({ lang: 'ar', say: ['شكرا'], gather: null }, [{ play: 'https://m.example/api/webhooks/voice/audio/k1?a=1&b=2' }], 'https://m.example/t');
    expect(end).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Play>https://m.example/api/webhooks/voice/audio/k1?a=1&amp;b=2</Play><Hangup/></Response>');
    expect(renderTwiml({ lang: 'ru', say: ['Да'], gather: null }, [{ say: 'Да' }], 'x')).toContain('voice="Google.ru-RU-Standard-A" language="ru-RU"');
    expect(renderTwiml({ lang: 'en', say: ['Hi'], gather: null }, [{ say: 'Hi' }], 'x')).toContain('language="en-US"');
    expect(renderTwiml({ lang: 'ar', say: ['x'], gather: null }, [{ say: 'x' }], 'x')).toContain('language="ar-XA"');
  });
});
