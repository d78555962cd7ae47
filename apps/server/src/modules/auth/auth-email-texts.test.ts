import { describe, expect, it } from 'vitest';
import { AUTH_EMAIL_TEXTS } from './auth-email-texts.js';
import { renderLinkEmail } from './auth-emails.js';

const hebrewTexts = (): string[] => {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function') texts.push(String((value as (arg: string) => string)('X')));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(AUTH_EMAIL_TEXTS.he);
  return texts;
};

describe('the Hebrew account e-mails', () => {
  it('speak to every reader in neutral or plural forms, never masculine singular (issue 16)', () => {
    // "תודה שנרשמת", "ביקשת", "את/ה": second person singular, read as addressing a man.
    const singular = /שנרשמת|ביקשת(?!ם)|את\/ה|היית/;
    expect(hebrewTexts().filter((text) => singular.test(text))).toEqual([]);
  });

  it('thank for registering without a gendered verb', () => {
    const mail = renderLinkEmail('verify', { lang: 'he', name: null, url: 'http://magiim.test/verify-email/x', supportEmail: 'support@magiim.test' });
    expect(mail.text).toContain('תודה על ההרשמה למגיעים!');
  });
});
