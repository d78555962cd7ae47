import { createHmac } from 'node:crypto';
import { API, type Lang } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import * as repo from './speech.repository.js';
import type { SpeechAudio } from '../../../providers/tts/index.js';

/** A cache key: 64 hex digits (HMAC-SHA256). */
const KEY = /^[0-9a-f]{64}$/;

/**
 * The cache key of a text in a voice: HMAC-SHA256 under the deployment's pepper of provider, voice and text, so
 * the audio URL Twilio plays (which carries the key) cannot be guessed from a text nor a text read from it.
 */
export const speechKeyOf = (pepper: string, provider: string, voice: string, text: string): string =>
  createHmac('sha256', pepper).update(`${provider}|${voice}|${text}`).digest('hex');

const asContentType = (value: string): SpeechAudio['contentType'] => (value === 'audio/mpeg' ? 'audio/mpeg' : 'audio/wav');

// Renders under way in this process by key: parallel identical requests wait for the same render.
const inFlight = new Map<string, Promise<SpeechAudio>>();

const readAndTouch = async (ctx: AppContext, key: string): Promise<SpeechAudio | undefined> => {
  const row = await repo.readAndTouchSpeech(ctx.db, key);
  return row ? { audio: row.audio, contentType: asContentType(row.contentType) } : undefined;
};

export interface SpeakOptions {
  /** Called before a render (a cache miss), e.g. to count it against the caller's rate limit; throwing stops it. */
  beforeRender?: () => Promise<void>;
}

/** Speech for `text` in `lang`, from the cache or rendered once (the cache key: a keyed hash of provider, voice and text). */
export const speak = async (ctx: AppContext, lang: Lang, text: string, options: SpeakOptions = {}): Promise<SpeechAudio & { key: string }> => {
  const { tts } = ctx;
  const key = speechKeyOf(ctx.config.secrets.tokenPepper, tts.name, tts.voiceOf(lang), text);
  const cached = await readAndTouch(ctx, key);
  if (cached) return { ...cached, key };
  const pending = inFlight.get(key);
  if (pending) return { ...(await pending), key };
  await options.beforeRender?.();
  // Checked again after the await above: another request may have started the same render meanwhile.
  const started = inFlight.get(key);
  if (started) return { ...(await started), key };
  const render = (async () => {
    const audio = await tts.synthesize({ lang, text });
    // Another process may have stored it meanwhile: the first row stays (same text, same voice).
    await repo.insertSpeech(ctx.db, key, audio.contentType, audio.audio);
    return audio;
  })();
  inFlight.set(key, render);
  try {
    return { ...(await render), key };
  } finally {
    inFlight.delete(key);
  }
};

/** The absolute URL of the audio under `key` (API.webhooks.voiceAudio). */
export const speechUrlOfKey = (ctx: AppContext, key: string): string => `${ctx.config.appUrl}/api${API.webhooks.voiceAudio(key)}`;

/** Renders (or finds) the speech and answers the absolute URL Twilio `<Play>`s it from (API.webhooks.voiceAudio). */
export const speechUrlFor = async (ctx: AppContext, lang: Lang, text: string): Promise<string> => {
  const { key } = await speak(ctx, lang, text);
  return speechUrlOfKey(ctx, key);
};

/** The cached audio under `key`, or undefined (marks it used, so the prune keeps it). */
export const readCachedSpeech = async (ctx: AppContext, key: string): Promise<SpeechAudio | undefined> => {
  if (!KEY.test(key)) return undefined;
  return readAndTouch(ctx, key);
};

/** Speech unused this long is deleted (a call round plays its audio within days; a preview renders again). */
export const SPEECH_CACHE_UNUSED_DAYS = 30;

/** Deletes the speech not used for SPEECH_CACHE_UNUSED_DAYS; answers how many entries went. */
export const pruneSpeechCache = async (ctx: AppContext, now = new Date()): Promise<number> => {
  const before = new Date(now.getTime() - SPEECH_CACHE_UNUSED_DAYS * 86_400_000);
  return repo.deleteSpeechUnusedSince(ctx.db, before);
};
