import { describe, expect, it } from 'vitest';
import { composeSmsText, SAMPLE_SHORT_CODE, SHORT_CODE_LENGTH, SHORT_CODE_PATTERN, shortInviteUrlOf, smsPartsOf, smsPartsOfMessage } from './sms-parts.js';
import { smsSegmentsOf } from './schemas/messaging.js';

describe('SMS parts (one count for the editor, the estimate and the sender)', () => {
  it('GSM-7: 160 in one part, then 153 a part', () => {
    expect(smsPartsOf('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsPartsOf('a'.repeat(161)).parts).toBe(2);
    expect(smsPartsOf('a'.repeat(306)).parts).toBe(2);
    expect(smsPartsOf('a'.repeat(307)).parts).toBe(3);
  });

  it('the extension table costs two septets; characters outside GSM-7 make the text UCS-2', () => {
    expect(smsPartsOf('{}[]~^|\\€')).toEqual({ encoding: 'gsm7', units: 18, parts: 1 });
    expect(smsPartsOf(`${'a'.repeat(150)}{}{}{}`).parts).toBe(2);
    // A backtick and a curly quote are not GSM-7 (the old ASCII approximation took the backtick as GSM-7).
    expect(smsPartsOf('`').encoding).toBe('ucs2');
    expect(smsPartsOf('It’s').encoding).toBe('ucs2');
    expect(smsPartsOf('Ça coûte £5 @ 10¤').encoding).toBe('ucs2');
    expect(smsPartsOf('Ça £5 @ 10¤ ÄÖÑÜ§¿äöñüà').encoding).toBe('gsm7');
  });

  it('UCS-2: 70 in one part, then 67 a part, counted in UTF-16 units (an emoji takes two)', () => {
    expect(smsPartsOf('ש'.repeat(70)).parts).toBe(1);
    expect(smsPartsOf('ש'.repeat(71)).parts).toBe(2);
    expect(smsPartsOf('ש'.repeat(134)).parts).toBe(2);
    expect(smsPartsOf('ש'.repeat(135)).parts).toBe(3);
    expect(smsPartsOf('🎁'.repeat(35)).units).toBe(70);
    expect(smsPartsOf('')).toEqual({ encoding: 'gsm7', units: 0, parts: 0 });
  });

  it('a message is counted with the opt-out line (and the reply line when asked)', () => {
    const body = 'ש'.repeat(60);
    expect(smsPartsOfMessage(body, 'he')).toBe(smsPartsOf(composeSmsText(body, 'he')).parts);
    expect(composeSmsText('x', 'en')).toBe('x\nReply STOP to opt out');
    expect(smsPartsOfMessage(body, 'he')).toBe(2);
    expect(smsPartsOfMessage(body, 'he', { replyLine: true })).toBeGreaterThan(smsPartsOfMessage('ש', 'he', { replyLine: true }) - 1);
    expect(smsSegmentsOf(body)).toBe(1);
  });

  it('short guest links are at most 10 characters of code', () => {
    expect(SAMPLE_SHORT_CODE).toMatch(SHORT_CODE_PATTERN);
    expect(SHORT_CODE_LENGTH).toBeLessThanOrEqual(10);
    expect(shortInviteUrlOf('https://magiim.co.il', SAMPLE_SHORT_CODE)).toBe('https://magiim.co.il/i/Ab3dE6gH9k');
  });
});
