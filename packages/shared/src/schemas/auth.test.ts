import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, MSG } from '../messages.js';
import { isStrongPassword, newPasswordSchema, registerSchema } from './auth.js';

describe('password rule (spec §5)', () => {
  it.each([
    ['Ab1c', true],
    ['Abc!', true],
    ['Kalanit-2026', true],
    ['Ab1', false], // too short
    ['Abcdefghij1234567890X', false], // 21 characters
    ['abc1', false], // no upper case
    ['ABC1', false], // no lower case
    ['Abcd', false], // no digit or special character
    ['אבגד1Aa', true], // Hebrew letters count as "special": the rule asks only for English upper and lower
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const common of ['Password1', 'SHALOM123', 'Qwerty123']) {
      const result = newPasswordSchema.safeParse(common);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(MSG.commonPassword);
    }
  });
});

describe('registration schema', () => {
  const valid = {
    fullName: '  Dana Levi ',
    email: ' Dana@Example.COM ',
    password: 'Kalanit-2026',
    confirmPassword: 'Kalanit-2026',
    acceptTerms: true,
    isAdult: true,
    lang: 'he',
  };

  it('trims and lower-cases what people type', () => {
    expect(registerSchema.parse(valid)).toMatchObject({ fullName: 'Dana Levi', email: 'dana@example.com' });
  });

  it('puts a mismatch on the confirmation field', () => {
    const result = registerSchema.safeParse({ ...valid, confirmPassword: 'Other-2026' });
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: ['confirmPassword'], message: MSG.passwordsMismatch }));
  });

  it('says required, not a type error, for an empty name', () => {
    const result = registerSchema.safeParse({ ...valid, fullName: '' });
    expect(result.error?.issues[0]?.message).toBe(MSG.required);
  });
});

describe('encoded messages', () => {
  it('round-trips a key with values', () => {
    expect(decodeMessage(encodeMessage('validation.minChars', { num: 4 }))).toEqual({ key: 'validation.minChars', values: { num: '4' } });
    expect(decodeMessage('validation.required')).toEqual({ key: 'validation.required', values: {} });
  });
});
