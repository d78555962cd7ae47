import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import he from '../i18n/locales/he.json';
import { isolateLtr } from './bidi';
import { isolateValues } from './isolated-text';

const translate = (template: string) => (_key: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name]));

describe('isolateValues', () => {
  it('sets each value in its own left-to-right island inside Hebrew text', () => {
    const html = renderToStaticMarkup(
      <p dir="rtl">{isolateValues(translate('שלחנו קישור אל {{email}}. בדקו גם את {{other}}.'), 'k', { email: 'noa-cohen@mail.co.il', other: 4 })}</p>,
    );
    expect(html).toContain('שלחנו קישור אל <bdi dir="ltr" class="ltr-token"');
    expect(html).toContain('>noa-cohen@mail.co.il</bdi>. בדקו גם את <bdi');
    expect(html).toContain('>4</bdi>.');
  });
});

describe('ranges in right-to-left copy', () => {
  it('the Hebrew password hint isolates "4–20" so it cannot show as 20–4', () => {
    expect(he.auth.register.passwordHint.startsWith(isolateLtr('4–20'))).toBe(true);
  });
});
