import { describe, expect, it } from 'vitest';
import { MSG } from '@magiim/shared';
import ar from '../i18n/locales/ar.json';
import en from '../i18n/locales/en.json';
import he from '../i18n/locales/he.json';
import ru from '../i18n/locales/ru.json';
import { LOGIN_TEXT_KEYS, pickTexts } from './text-keys';
import { interpolate, translateErrorCode, translateMessage, translator, type Texts } from './texts';

const locales = { he, en, ru, ar } as Record<string, Texts>;
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });

const has = (tree: unknown, path: string): boolean =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), tree) !== undefined;

describe('the sign-in page texts', () => {
  it.each(Object.keys(locales))('%s has every picked key', (lang) => {
    expect(LOGIN_TEXT_KEYS.filter((key) => !has(locales[lang], key))).toEqual([]);
  });

  it('picks only the named keys, in the locale file shape', () => {
    const picked = pickTexts(en as Texts);
    expect(Object.keys(picked).sort()).toEqual(['app', 'auth', 'brand', 'common', 'errors', 'footer', 'language', 'legal', 'toast', 'validation']);
    expect(Object.keys(picked.auth as Texts).sort()).toEqual(['fields', 'google', 'login']);
    expect(picked.auth).toMatchObject({ login: en.auth.login, fields: { email: en.auth.fields.email } });
    expect((picked.auth as Texts).register).toBeUndefined();
    expect((picked.legal as Texts).terms).toEqual({ title: en.legal.terms.title });
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(en).length / 2);
    expect(pickTexts({ a: { b: 'x' } }, ['a.b', 'a.c', 'z'])).toEqual({ a: { b: 'x' } });
  });

  it('covers every key the page asks for', () => {
    const used = Object.values(sources).flatMap((code) => [...code.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((match) => match[1]!));
    used.push('brand.points.invite', 'brand.points.rsvp', 'brand.points.plan', 'toast.rateLimited', 'toast.rateLimitedAt');
    expect(used.length).toBeGreaterThan(20);
    const picked = pickTexts(he as Texts);
    expect(used.filter((key) => !has(picked, key))).toEqual([]);
  });

  it('translates like i18next: values, the Hebrew fallback, error codes and encoded messages', () => {
    const t = translator(pickTexts(en as Texts) as Texts, pickTexts(he as Texts) as Texts);
    expect(t('footer.copyright', { year: 2026, name: 'Magiim' })).toBe(interpolate(en.footer.copyright, { year: 2026, name: 'Magiim' }));
    expect(t('footer.copyright', { year: 2026, name: 'Magiim' })).toContain('2026 Magiim');
    expect(t('auth.login.title')).toBe(en.auth.login.title);
    expect(translator({}, pickTexts(he as Texts) as Texts)('auth.login.title')).toBe(he.auth.login.title);
    expect(translateErrorCode(t, 'INVALID_CREDENTIALS')).toBe(en.errors.INVALID_CREDENTIALS);
    expect(translateErrorCode(t, 'NO_SUCH_CODE')).toBe(en.errors.INTERNAL);
    expect(translateMessage(t, MSG.maxChars(254))).toBe(interpolate(en.validation.maxChars, { num: '254' }));
    expect(translateMessage(t, MSG.required)).toBe(en.validation.required);
    expect(translateMessage(t, 'validation.nothingLikeThis')).toBe(en.validation.invalidValue);
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'two' })).toBe('1 and two and {{c}}');
  });
});
