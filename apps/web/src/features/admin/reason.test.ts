import { decodeMessage } from '@magiim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../app/i18n';
import { translateMessage } from '../../i18n/translate-message';
import { checkGiftLink, checkReason } from './reason';

beforeAll(async () => {
  await initI18n();
});

const keyOf = (text: string) => {
  const message = checkReason(text);
  return message ? decodeMessage(message) : undefined;
};

describe('the reason an admin action asks for', () => {
  it('needs 3 to 500 characters after trimming', () => {
    expect(keyOf('')).toEqual({ key: 'validation.required', values: {} });
    expect(keyOf('   ')).toEqual({ key: 'validation.required', values: {} });
    expect(keyOf(' ab ')).toEqual({ key: 'validation.minChars', values: { num: '3' } });
    expect(keyOf('abc')).toBeUndefined();
    expect(keyOf('א'.repeat(500))).toBeUndefined();
    expect(keyOf('a'.repeat(501))).toEqual({ key: 'validation.maxChars', values: { num: '500' } });
  });

  it('allows lines but refuses control and bidi-override characters', () => {
    expect(checkReason('spam\nrepeated reports')).toBeUndefined();
    expect(keyOf('spam \u202Eevil')).toEqual({ key: 'validation.invalidCharacters', values: {} });
    expect(keyOf('bad\u0000text')).toEqual({ key: 'validation.invalidCharacters', values: {} });
  });

  it('says what is wrong in every language', async () => {
    const said: Record<string, string | undefined> = {};
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      await setLanguage(lang);
      said[lang] = translateMessage(i18n.t, checkReason('ab'));
    }
    expect(said.en).toBe('Enter at least 3 characters');
    expect(said.he).toContain('3');
    expect(new Set(Object.values(said)).size).toBe(4);
    expect(Object.values(said).every((text) => text && !text.includes('validation.'))).toBe(true);
  });
});

describe('a gift request decision', () => {
  it('a rejection, which the host reads, is one line of 3 to 300 characters', () => {
    expect(checkReason('a'.repeat(300), 'hostExplanation')).toBeUndefined();
    expect(keyOfKind('a'.repeat(301), 'hostExplanation')).toEqual({ key: 'validation.maxChars', values: { num: '300' } });
    expect(keyOfKind('two\nlines', 'hostExplanation')).toEqual({ key: 'validation.invalidCharacters', values: {} });
    expect(keyOfKind('no', 'hostExplanation')).toEqual({ key: 'validation.minChars', values: { num: '3' } });
    // The same text is fine for the audit log alone.
    expect(checkReason('two\nlines')).toBeUndefined();
  });

  it('an approval needs an http(s) gift link', () => {
    expect(checkGiftLink('')).toBe('validation.required');
    expect(checkGiftLink('   ')).toBe('validation.required');
    expect(checkGiftLink('javascript:alert(1)')).toBe('validation.invalidValue');
    expect(checkGiftLink('not a link')).toBe('validation.invalidValue');
    expect(checkGiftLink(' https://pay.example.com/gift/abc ')).toBeUndefined();
    expect(checkGiftLink('http://pay.example.com/g')).toBeUndefined();
  });
});

function keyOfKind(text: string, kind: 'audit' | 'hostExplanation') {
  const message = checkReason(text, kind);
  return message ? decodeMessage(message) : undefined;
}
