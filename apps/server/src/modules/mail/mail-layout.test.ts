import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@magiim/shared';
import { renderEmail } from './mail-layout.js';
import { AUTH_EMAIL_TEXTS } from '../auth/auth-email-texts.js';

describe('e-mail layout', () => {
  it('keeps the fallback link left to right in a Hebrew e-mail, wrapping inside the card', () => {
    const { html } = renderEmail('he', {
      subject: 's',
      greeting: 'שלום',
      paragraphs: [],
      action: { label: 'אימות', url: 'https://app.example/verify-email/abc-def' },
      footer: 'f',
    });
    expect(html).toMatch(/<p dir="ltr" style="[^"]*text-align:left;word-break:break-all">https:\/\/app\.example\/verify-email\/abc-def<\/p>/);
  });

  it('escapes what users typed, such as their name', () => {
    const { html, text } = renderEmail('en', {
      subject: 'Hi',
      greeting: 'Hello <img src=x onerror=alert(1)> & co,',
      paragraphs: ['"quoted"'],
      action: { label: 'Go', url: 'https://app.example/a?b=1&c=2' },
      footer: 'f',
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; co,');
    expect(html).toContain('href="https://app.example/a?b=1&amp;c=2"');
    expect(text).toContain('Go: https://app.example/a?b=1&c=2');
  });

  it.each(LANGUAGES)('lays %s out in its direction and has every text', (lang) => {
    const { html } = renderEmail(lang, { subject: 's', greeting: 'g', paragraphs: [], footer: 'f' });
    expect(html).toContain(`dir="${lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr'}"`);
    const texts = AUTH_EMAIL_TEXTS[lang];
    const strings = [
      texts.greeting('N'),
      texts.footer('s@x'),
      ...Object.values(texts.verify),
      ...Object.values(texts.changeEmail),
      ...Object.values(texts.reset),
      ...Object.values(texts.passwordChanged),
      texts.emailChangeRequested.subject,
      texts.emailChangeRequested.body('new@x'),
      texts.emailChangeRequested.notYou,
    ];
    for (const value of strings) expect(String(value).trim().length).toBeGreaterThan(0);
  });
});
