import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiErrorBody } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { fakeMp3Of, startFakeGoogleTts } from '../../../../test/fake-google-tts.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import type { TextToSpeechProvider } from '../../../providers/tts/index.js';
import { pruneSpeechCache, readCachedSpeech, speak, speechKeyOf, speechUrlFor } from './speech.service.js';

let t: TestApp;
/** Texts the provider was asked to render, in order (the real eSpeak NG provider underneath). */
const renders: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  const real = t.ctx.tts;
  const counting: TextToSpeechProvider = {
    name: real.name,
    voiceOf: (lang) => real.voiceOf(lang),
    synthesize: async (request) => {
      renders.push(request.text);
      return real.synthesize(request);
    },
  };
  t.ctx.tts = counting;
});
afterAll(async () => {
  await t?.close();
});

const LINES = {
  he: 'שלום דנה! שמחים להזמין אתכם לחתונה של נועה ודני, ביום שלישי, 12 במאי בשעה 19:30.',
  en: "Hello Dana! You are warmly invited to Noa and Dani's wedding on Tuesday, May 12 at 7:30 PM.",
  ru: 'Здравствуйте, Дана! Приглашаем вас на свадьбу: вторник, 12 мая в 19:30.',
  ar: 'مرحبًا دانا! يسعدنا دعوتكم لحضور الزفاف يوم الثلاثاء، 12 مايو الساعة 19:30.',
} as const;

const tts = (token: string, eventId: string, body: object) => t.request('POST', `/text-to-speech/${eventId}`, { token, body });
const hostWithEvent = async () => {
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token, { langs: ['he', 'en', 'ru', 'ar'], names: { he: 'חתונה', en: 'Wedding', ru: 'Свадьба', ar: 'زفاف' } });
  return { token, eventId };
};
const cacheRows = async () => (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tts_audio_cache`)).rows[0]!.n;

/** The parts of a RIFF/WAVE file a player needs: the header, PCM format, and sound data. */
const wavFacts = (audio: Buffer) => ({
  riff: audio.toString('latin1', 0, 4),
  wave: audio.toString('latin1', 8, 12),
  riffSize: audio.readUInt32LE(4) + 8,
  fmt: audio.toString('latin1', 12, 16),
  pcm: audio.readUInt16LE(20),
  channels: audio.readUInt16LE(22),
  sampleRate: audio.readUInt32LE(24),
});

describe('POST text-to-speech/{id} (sandbox: eSpeak NG)', () => {
  it('answers a playable WAV for each language, and the cached second call renders nothing', async () => {
    const { token, eventId } = await hostWithEvent();
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const before = renders.length;
      const res = await tts(token, eventId, { lang, text: LINES[lang] });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const audio = res.rawPayload;
      expect(wavFacts(audio)).toEqual({ riff: 'RIFF', wave: 'WAVE', riffSize: audio.length, fmt: 'fmt ', pcm: 1, channels: 1, sampleRate: 22050 });
      // Some seconds of speech, not an empty file (16-bit mono at 22,050 Hz: 44,100 bytes a second).
      expect(audio.length).toBeGreaterThan(44_100);
      expect(renders.length).toBe(before + 1);

      const again = await tts(token, eventId, { lang, text: LINES[lang] });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(audio)).toBe(true);
      expect(renders.length).toBe(before + 1);
    }
  });

  it('renders the same text in another language anew (the voice is part of the key)', async () => {
    const { token, eventId } = await hostWithEvent();
    const before = renders.length;
    expect((await tts(token, eventId, { lang: 'en', text: 'Shalom 123' })).statusCode).toBe(200);
    expect((await tts(token, eventId, { lang: 'ru', text: 'Shalom 123' })).statusCode).toBe(200);
    expect(renders.length).toBe(before + 2);
  });

  it('answers 404 to another host and renders nothing', async () => {
    const { eventId } = await hostWithEvent();
    const other = await signUpHost(t);
    const before = renders.length;
    const res = await tts(other.token, eventId, { lang: 'he', text: 'שלום לכולם, זה ניסיון' });
    expect(res.statusCode).toBe(404);
    expect((res.json() as ApiErrorBody).code).toBe('NOT_FOUND');
    expect(renders.length).toBe(before);
  });

  it('refuses a bad language, an empty, over-long or control-character text with 400 VALIDATION', async () => {
    const { token, eventId } = await hostWithEvent();
    const before = renders.length;
    for (const body of [
      { lang: 'fr', text: 'bonjour' },
      { lang: 'he', text: '   ' },
      { lang: 'he', text: 'א'.repeat(1001) },
      { lang: 'he', text: 'שלום\u202eעולם' },
      { lang: 'he' },
    ]) {
      const res = await tts(token, eventId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as ApiErrorBody).code).toBe('VALIDATION');
    }
    expect(renders.length).toBe(before);
  });

  it('needs a signed-in host', async () => {
    const { eventId } = await hostWithEvent();
    expect((await t.request('POST', `/text-to-speech/${eventId}`, { body: { lang: 'he', text: 'שלום' } })).statusCode).toBe(401);
  });
});

describe('speech cache', () => {
  it('renders parallel identical requests once and stores one row', async () => {
    const text = 'Hello, this line is asked for five times at once.';
    const before = renders.length;
    const rowsBefore = await cacheRows();
    const all = await Promise.all(Array.from({ length: 5 }, () => speak(t.ctx, 'en', text)));
    expect(renders.length).toBe(before + 1);
    expect(new Set(all.map((speech) => speech.key)).size).toBe(1);
    expect(all.every((speech) => speech.audio.equals(all[0]!.audio))).toBe(true);
    expect(await cacheRows()).toBe(rowsBefore + 1);
  });

  it('keys by a keyed hash (not the plain text), serves the audio URL, and marks reads as used', async () => {
    const text = 'שלום, זו הודעה לבדיקה';
    const url = await speechUrlFor(t.ctx, 'he', text);
    const key = speechKeyOf(t.config.secrets.tokenPepper, t.ctx.tts.name, t.ctx.tts.voiceOf('he'), text);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(speechKeyOf('another-pepper-of-32-characters!!', t.ctx.tts.name, t.ctx.tts.voiceOf('he'), text)).not.toBe(key);
    expect(url).toBe(`http://magiim.test/api/webhooks/voice/audio/${key}`);
    await t.ctx.db.execute(sql`update tts_audio_cache set last_used_at = now() - interval '10 days' where key = ${key}`);
    const cached = await readCachedSpeech(t.ctx, key);
    expect(cached?.contentType).toBe('audio/wav');
    expect(cached?.audio.toString('latin1', 0, 4)).toBe('RIFF');
    const used = await t.ctx.db.execute<{ fresh: boolean }>(sql`select last_used_at > now() - interval '1 minute' as fresh from tts_audio_cache where key = ${key}`);
    expect(used.rows[0]?.fresh).toBe(true);
    expect(await readCachedSpeech(t.ctx, 'f'.repeat(64))).toBeUndefined();
    expect(await readCachedSpeech(t.ctx, "' or 1=1 --")).toBeUndefined();
  });

  it('prunes entries unused for 30 days and keeps the others', async () => {
    const old = await speak(t.ctx, 'en', 'An old line nobody plays any more.');
    const recent = await speak(t.ctx, 'en', 'A line played last week.');
    await t.ctx.db.execute(sql`update tts_audio_cache set last_used_at = now() - interval '31 days' where key = ${old.key}`);
    await t.ctx.db.execute(sql`update tts_audio_cache set last_used_at = now() - interval '7 days' where key = ${recent.key}`);
    expect(await pruneSpeechCache(t.ctx)).toBe(1);
    expect(await readCachedSpeech(t.ctx, old.key)).toBeUndefined();
    expect(await readCachedSpeech(t.ctx, recent.key)).toBeDefined();
  });
});

describe('text to speech: limits and Google', () => {
  it('limits new renders per host (RATE_LIMITS on) while replays still play', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      useFakePlaces(limited);
      let count = 0;
      limited.ctx.tts = {
        name: 'sandbox',
        voiceOf: (lang) => `test:${lang}`,
        synthesize: async () => {
          count += 1;
          return { audio: Buffer.from('RIFF....WAVE'), contentType: 'audio/wav' };
        },
      };
      const { token } = await signUpHost(limited);
      const eventId = await createEvent(limited, token);
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        statuses.push((await limited.request('POST', `/text-to-speech/${eventId}`, { token, body: { lang: 'he', text: `שורה ${i}` } })).statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect(count).toBe(60);
      // A text already rendered is a replay: it still plays.
      expect((await limited.request('POST', `/text-to-speech/${eventId}`, { token, body: { lang: 'he', text: 'שורה 3' } })).statusCode).toBe(200);
      expect(count).toBe(60);
    } finally {
      await limited.close();
    }
  });

  it('with TTS_PROVIDER=google answers the MP3 as audio/mpeg, and 503 UNAVAILABLE when Google fails', async () => {
    const fake = await startFakeGoogleTts();
    const google = await createTestApp({ TTS_PROVIDER: 'google', GOOGLE_TTS_API_KEY: fake.apiKey, GOOGLE_TTS_API_URL: fake.url });
    try {
      useFakePlaces(google);
      const { token } = await signUpHost(google);
      const eventId = await createEvent(google, token);
      const text = 'שלום דנה, מוזמנים לחתונה';
      const res = await google.request('POST', `/text-to-speech/${eventId}`, { token, body: { lang: 'he', text } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.rawPayload.equals(fakeMp3Of(text))).toBe(true);
      expect(fake.requests).toHaveLength(1);
      await google.request('POST', `/text-to-speech/${eventId}`, { token, body: { lang: 'he', text } });
      expect(fake.requests).toHaveLength(1);

      fake.setFault({ status: 503 });
      const failed = await google.request('POST', `/text-to-speech/${eventId}`, { token, body: { lang: 'he', text: 'טקסט אחר' } });
      expect(failed.statusCode).toBe(503);
      expect((failed.json() as ApiErrorBody).code).toBe('UNAVAILABLE');
      expect(failed.body).not.toContain(fake.apiKey);
    } finally {
      await google.close();
      await fake.close();
    }
  });
});
