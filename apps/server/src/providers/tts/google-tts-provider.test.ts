import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMp3Of, startFakeGoogleTts } from '../../../test/fake-google-tts.js';
import { createGoogleTextToSpeechProvider } from './google-tts-provider.js';
import { TextToSpeechError } from './index.js';

let fake: Awaited<ReturnType<typeof startFakeGoogleTts>>;
beforeAll(async () => {
  fake = await startFakeGoogleTts();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.setFault(null);
  fake.requests.length = 0;
});

const provider = (apiKey = fake.apiKey, timeoutMs?: number) =>
  createGoogleTextToSpeechProvider({ apiUrl: fake.url, apiKey, ...(timeoutMs ? { timeoutMs } : {}) });

const failureOf = async (promise: Promise<unknown>): Promise<TextToSpeechError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TextToSpeechError) return error;
    throw error;
  }
  throw new Error('expected a TextToSpeechError');
};

describe('Google Text-to-Speech adapter', () => {
  it('asks each language in its voice for MP3 with the key, and answers the decoded audio as audio/mpeg', async () => {
    const voices = { he: 'he-IL', ar: 'ar-XA', ru: 'ru-RU', en: 'en-US' } as const;
    for (const [lang, languageCode] of Object.entries(voices) as [keyof typeof voices, string][]) {
      const text = `שלום ${lang}`;
      const speech = await provider().synthesize({ lang, text });
      expect(speech.contentType).toBe('audio/mpeg');
      expect(speech.audio.equals(fakeMp3Of(text))).toBe(true);
      const request = fake.requests.at(-1)!;
      expect(request.key).toBe(fake.apiKey);
      expect(request.body).toEqual({
        input: { text },
        voice: { languageCode, name: expect.stringMatching(new RegExp(`^${languageCode}-Standard-[A-D]$`)) },
        audioConfig: { audioEncoding: 'MP3' },
      });
    }
    expect(provider().voiceOf('he')).toBe('google:he-IL-Standard-A');
  });

  it('maps a refused key, quota, outage, a non-JSON answer and a timeout to TextToSpeechError codes, never naming the key', async () => {
    const refused = await failureOf(provider('wrong-key').synthesize({ lang: 'he', text: 'שלום' }));
    expect(refused.code).toBe('unauthorized');
    expect(refused.message).toContain('PERMISSION_DENIED');
    expect(refused.message).not.toContain('wrong-key');

    fake.setFault({ status: 429 });
    expect((await failureOf(provider().synthesize({ lang: 'en', text: 'hi' }))).code).toBe('rateLimited');
    fake.setFault({ status: 503 });
    expect((await failureOf(provider().synthesize({ lang: 'en', text: 'hi' }))).code).toBe('unavailable');
    fake.setFault('notJson');
    expect((await failureOf(provider().synthesize({ lang: 'en', text: 'hi' }))).code).toBe('failed');
    fake.setFault('hang');
    expect((await failureOf(provider(fake.apiKey, 300).synthesize({ lang: 'en', text: 'hi' }))).code).toBe('timeout');
  });

  it('answers unavailable when the service cannot be reached', async () => {
    const down = createGoogleTextToSpeechProvider({ apiUrl: 'http://127.0.0.1:1', apiKey: 'k' });
    expect((await failureOf(down.synthesize({ lang: 'ru', text: 'Привет' }))).code).toBe('unavailable');
  });
});
