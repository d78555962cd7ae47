import type { Config } from '../../platform/env.js';
import type { TextToSpeechProvider } from './index.js';
import { createEspeakProvider } from './espeak-provider.js';
import { createGoogleTextToSpeechProvider } from './google-tts-provider.js';

/** Google Cloud Text-to-Speech with TTS_PROVIDER=google, else eSpeak NG offline. */
export const createTextToSpeechProvider = (config: Config): TextToSpeechProvider =>
  config.tts.provider === 'google' ? createGoogleTextToSpeechProvider({ apiUrl: config.tts.apiUrl, apiKey: config.tts.apiKey }) : createEspeakProvider();
