import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { fullNameSchema } from './auth.js';
import { isSafeText, multiLineText, singleLineText } from './text.js';

const line = singleLineText({ max: 20 });
const lines = multiLineText({ min: 0, max: 50 });

describe('single-line text', () => {
  it.each([
    ['NUL', 'Dana\u0000Levi'],
    ['tab', 'Dana\tLevi'],
    ['newline', 'Dana\nLevi'],
    ['carriage return', 'Dana\rLevi'],
    ['escape', 'Dana\u001b[31m'],
    ['DEL', 'Dana\u007f'],
    ['C1 control', 'Dana\u0085Levi'],
    ['line separator', 'Dana\u2028Levi'],
    ['right-to-left override', 'Dana\u202Egpj.exe'],
    ['left-to-right embedding', '\u202ADana'],
    ['first strong isolate', 'Dana\u2068x\u2069'],
    ['lone surrogate', 'Dana\uD800'],
  ])('refuses a %s', (_name, value) => {
    const result = line.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.invalidCharacters);
  });

  it.each([
    ['Hebrew', 'דנה לוי'],
    ['Arabic', 'دانة ليفي'],
    ['Russian', 'Дана Леви'],
    ['an emoji with a joiner', 'Dana 👩‍👩‍👧'],
    ['a right-to-left mark', 'דנה\u200F (Dana)'],
    ['an Arabic letter mark', 'دانة\u061C 2'],
  ])('takes %s', (_name, value) => {
    expect(line.parse(value)).toBe(value);
  });

  it('trims before it measures', () => {
    expect(line.parse('  Dana  ')).toBe('Dana');
    expect(line.safeParse('   ').error?.issues[0]?.message).toBe(MSG.required);
    expect(line.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(MSG.maxChars(20));
  });
});

describe('multi-line text', () => {
  it('keeps newlines and turns CRLF and CR into LF', () => {
    expect(lines.parse('first\r\nsecond\rthird\n')).toBe('first\nsecond\nthird');
  });

  it('refuses every other control and bidi override', () => {
    for (const value of ['a\u0000b', 'a\tb', 'a\u000bb', 'a\u202Eb', 'a\u2029b']) {
      expect(lines.safeParse(value).error?.issues[0]?.message).toBe(MSG.invalidCharacters);
    }
  });

  it('may be empty when min is 0', () => {
    expect(lines.parse('')).toBe('');
  });
});

describe('free-text fields of the API', () => {
  it('a name with a NUL byte is invalid', () => {
    expect(fullNameSchema.safeParse('Noa\u0000Cohen').success).toBe(false);
    expect(isSafeText('Noa Cohen')).toBe(true);
  });
});
