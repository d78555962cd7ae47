import type { Lang } from '@magiim/shared';

export interface SpeechAudio {
  audio: Buffer;
  contentType: 'audio/mpeg' | 'audio/wav';
}

/** Text to speech for the call preview and `<Play>` (Google Cloud TTS; eSpeak NG offline in the sandbox). */
export interface TextToSpeechProvider {
  readonly name: 'sandbox' | 'google';
  /** The voice a language is read with (part of the cache key: a new voice renders anew). */
  voiceOf(lang: Lang): string;
  synthesize(request: { lang: Lang; text: string }): Promise<SpeechAudio>;
}

export class TextToSpeechError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'TextToSpeechError';
    this.code = code;
  }
}
