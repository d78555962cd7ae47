import { createInstance, type TFunction } from 'i18next';
import { MSG, registerSchema } from '@magiim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from './locales/en.json';
import he from './locales/he.json';
import { translateMessage } from './translate-message';

let t: TFunction;
let tEn: TFunction;

beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'he',
    fallbackLng: 'he',
    resources: { he: { translation: he }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  t = i18n.getFixedT('he');
  tEn = i18n.getFixedT('en');
});

describe('translateMessage', () => {
  it('translates a plain key', () => {
    expect(translateMessage(t, MSG.required)).toBe('שדה חובה');
    expect(translateMessage(tEn, MSG.invalidEmail)).toBe('Invalid e-mail address');
  });

  it('fills the values encoded in the message', () => {
    expect(translateMessage(tEn, MSG.minChars(4))).toBe('Enter at least 4 characters');
    expect(translateMessage(t, MSG.maxChars(20))).toBe('ניתן להזין עד 20 תווים');
  });

  it('returns undefined when there is no message', () => {
    expect(translateMessage(t, undefined)).toBeUndefined();
    expect(translateMessage(t, '')).toBeUndefined();
  });

  it('falls back to the invalid-value text for an unknown key', () => {
    expect(translateMessage(tEn, 'validation.noSuchRule?x=1')).toBe('Invalid value');
  });

  it('translates what the shared schema produces', () => {
    const result = registerSchema.safeParse({
      fullName: '',
      email: 'nope',
      password: 'abc',
      confirmPassword: 'x',
      acceptTerms: false,
      isAdult: true,
      lang: 'he',
    });
    expect(result.success).toBe(false);
    // react-hook-form shows the first issue of each field.
    const messages: Record<string, string | undefined> = {};
    for (const issue of result.error?.issues ?? []) {
      messages[issue.path.join('.')] ??= translateMessage(t, issue.message);
    }
    expect(messages.fullName).toBe('שדה חובה');
    expect(messages.email).toBe('כתובת אימייל לא תקינה');
    expect(messages.password).toBe('יש להזין לפחות 4 תווים');
    expect(messages.acceptTerms).toBe('יש לאשר את תנאי השימוש');
  });
});
