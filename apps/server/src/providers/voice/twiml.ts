import type { Lang } from '@magiim/shared';
import type { CallPrompt } from './index.js';

/** Google Standard voices Twilio offers for `<Say>`, per guest language. */
export const TWILIO_SAY_VOICES: Record<Lang, { voice: string; language: string }> = {
  he: { voice: 'Google.he-IL-Standard-A', language: 'he-IL' },
  en: { voice: 'Google.en-US-Standard-C', language: 'en-US' },
  ru: { voice: 'Google.ru-RU-Standard-A', language: 'ru-RU' },
  ar: { voice: 'Google.ar-XA-Standard-A', language: 'ar-XA' },
};

export const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** One text of the prompt: `<Play>` of our rendered audio (its URL), or `<Say>` with the language's Google voice. */
export type SpokenPart = { play: string } | { say: string };

/**
 * The TwiML of a prompt: its texts inside `<Gather input="dtmf">` (keys go to `…?event=keys`), then a redirect to
 * `…?event=silence` when no key came; without a gather, the texts and `<Hangup/>`.
 */
export const renderTwiml = (prompt: CallPrompt, parts: SpokenPart[], twimlUrl: string): string => {
  const { voice, language } = TWILIO_SAY_VOICES[prompt.lang];
  const spoken = parts
    .map((part) =>
      'play' in part ? `<Play>${escapeXml(part.play)}</Play>` : `<Say voice="${escapeXml(voice)}" language="${escapeXml(language)}">${escapeXml(part.say)}</Say>`,
    )
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8"?><Response>';
  if (!prompt.gather) return `${head}${spoken}<Hangup/></Response>`;
  const withEvent = (event: string) => escapeXml(`${twimlUrl}${twimlUrl.includes('?') ? '&' : '?'}event=${event}`);
  const { numDigits, timeoutSeconds, finishOnKey } = prompt.gather;
  return (
    `${head}<Gather input="dtmf" numDigits="${Math.max(1, Math.floor(numDigits))}"${finishOnKey ? ` finishOnKey="${escapeXml(finishOnKey)}"` : ''} timeout="${Math.max(1, Math.floor(timeoutSeconds))}" ` +
    `action="${withEvent('keys')}" method="POST">${spoken}</Gather><Redirect method="POST">${withEvent('silence')}</Redirect></Response>`
  );
};

/** The simple TwiML that ends a call at once (an unknown attempt, a flow that failed). */
export const HANGUP_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>';
