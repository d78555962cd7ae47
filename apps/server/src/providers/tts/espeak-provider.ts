import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lang } from '@magiim/shared';
import { runInThread, threadEntry, ThreadFailure } from '../../platform/threads.js';
import { TextToSpeechError, type TextToSpeechProvider } from './index.js';
import type { EspeakTask } from './espeak-thread.js';

/** eSpeak NG's voices for our languages (all four ship in the npm package's data). */
export const ESPEAK_VOICES: Record<Lang, string> = { he: 'he', en: 'en-us', ru: 'ru', ar: 'ar' };

const THREAD = threadEntry(import.meta.url, 'espeak-thread');
/** Renders at once; more wait their turn (each is a thread with its own WebAssembly instance). */
const MAX_PARALLEL = 2;
const TIME_LIMIT_MS = 30_000;
const SPEED = 160;

/**
 * The sandbox voice: eSpeak NG (GPL-3.0, the `espeak-ng` npm package, WebAssembly: nothing is downloaded at run
 * time). Each text is rendered in a worker thread (about 0.1 s of CPU that must not block the event loop), as
 * 16-bit mono WAV at 22,050 Hz.
 */
export const createEspeakProvider = (): TextToSpeechProvider => {
  let entryChecked = false;
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
  };
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return {
    name: 'sandbox',
    voiceOf: (lang) => `espeak-ng:${ESPEAK_VOICES[lang]}:${SPEED}`,
    synthesize: async ({ lang, text }) => {
      if (!entryChecked) {
        // The bundle lists each thread entry (apps/server/build.mjs); without it the sandbox cannot speak.
        if (!existsSync(fileURLToPath(THREAD))) throw new TextToSpeechError(`eSpeak NG thread entry missing: ${fileURLToPath(THREAD)}`, 'unavailable');
        entryChecked = true;
      }
      const task: EspeakTask = { voice: ESPEAK_VOICES[lang], text, speed: SPEED };
      await acquire();
      try {
        const wav = (await runInThread(THREAD, task, {
          resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
          timeLimitMs: TIME_LIMIT_MS,
        })) as Uint8Array;
        const audio = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
        if (audio.length < 44 || audio.toString('latin1', 0, 4) !== 'RIFF') throw new TextToSpeechError('eSpeak NG answered no WAV', 'failed');
        return { audio, contentType: 'audio/wav' };
      } catch (error) {
        if (error instanceof TextToSpeechError) throw error;
        const code = error instanceof ThreadFailure && error.reason === 'timeout' ? 'timeout' : 'failed';
        throw new TextToSpeechError(`eSpeak NG failed: ${error instanceof Error ? error.message : String(error)}`, code);
      } finally {
        release();
      }
    },
  };
};
