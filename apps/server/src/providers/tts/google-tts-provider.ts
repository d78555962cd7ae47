import type { Lang } from '@magiim/shared';
import { TextToSpeechError, type TextToSpeechProvider } from './index.js';

/** Google Cloud Text-to-Speech voices (the same family Twilio offers as `Google.*`, so a preview sounds like the call). */
export const GOOGLE_VOICES: Record<Lang, { languageCode: string; name: string }> = {
  he: { languageCode: 'he-IL', name: 'he-IL-Standard-A' },
  ar: { languageCode: 'ar-XA', name: 'ar-XA-Standard-A' },
  ru: { languageCode: 'ru-RU', name: 'ru-RU-Standard-A' },
  en: { languageCode: 'en-US', name: 'en-US-Standard-C' },
};

const TIMEOUT_MS = 15_000;


const codeOfStatus = (status: number): string => {
  if (status === 400) return 'invalid';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'unavailable';
  return 'failed';
};

/**
 * `POST {apiUrl}/v1/text:synthesize?key=…` (API key auth) → MP3. Errors become TextToSpeechError with a code
 * (invalid, unauthorized, rateLimited, unavailable, timeout, failed); the key never appears in a message.
 */
export const createGoogleTextToSpeechProvider = (options: { apiUrl: string; apiKey: string; timeoutMs?: number }): TextToSpeechProvider => {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const url = `${options.apiUrl}/v1/text:synthesize?key=${encodeURIComponent(options.apiKey)}`;
  return {
    name: 'google',
    voiceOf: (lang) => `google:${GOOGLE_VOICES[lang].name}`,
    synthesize: async ({ lang, text }) => {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ input: { text }, voice: GOOGLE_VOICES[lang], audioConfig: { audioEncoding: 'MP3' } }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new TextToSpeechError(timeout ? 'Google Text-to-Speech timed out' : 'Google Text-to-Speech unreachable', timeout ? 'timeout' : 'unavailable');
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { status?: string; message?: string } } | null;
        const reason = [body?.error?.status, body?.error?.message?.slice(0, 200)].filter(Boolean).join(': ');
        throw new TextToSpeechError(`Google Text-to-Speech answered ${res.status}${reason ? ` (${reason})` : ''}`, codeOfStatus(res.status));
      }
      const body = (await res.json().catch(() => null)) as { audioContent?: unknown } | null;
      if (typeof body?.audioContent !== 'string' || body.audioContent.length === 0) {
        throw new TextToSpeechError('Google Text-to-Speech answered no audio', 'failed');
      }
      return { audio: Buffer.from(body.audioContent, 'base64'), contentType: 'audio/mpeg' };
    },
  };
};
