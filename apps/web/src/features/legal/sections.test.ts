import { describe, expect, it } from 'vitest';
import ar from '../../i18n/locales/ar.json';
import en from '../../i18n/locales/en.json';
import he from '../../i18n/locales/he.json';
import ru from '../../i18n/locales/ru.json';
import { PRIVACY_SECTIONS, TERMS_SECTIONS, legalKeys } from './sections';

const locales: Record<string, unknown> = { he, en, ru, ar };
const lookup = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
const keys = [...legalKeys('terms', TERMS_SECTIONS), ...legalKeys('privacy', PRIVACY_SECTIONS), 'legal.lastUpdated', 'legal.nav'];

describe('legal pages', () => {
  it.each(Object.keys(locales))('%s has every text the terms and privacy pages show', (lang) => {
    expect(keys.filter((key) => typeof lookup(locales[lang], key) !== 'string')).toEqual([]);
  });

  it.each(Object.keys(locales))('%s keeps the links and the e-mail placeholder', (lang) => {
    const tree = locales[lang];
    expect(lookup(tree, 'legal.terms.intro')).toMatch(/<privacy>[^<]+<\/privacy>/);
    expect(lookup(tree, 'legal.privacy.intro')).toMatch(/<terms>[^<]+<\/terms>/);
    expect(lookup(tree, 'legal.lastUpdated')).toContain('<time>{{date}}</time>');
    for (const doc of ['terms', 'privacy']) expect(lookup(tree, `legal.${doc}.sections.contact.body`)).toContain('<email>{{email}}</email>');
    expect(lookup(tree, 'legal.terms.sections.rsvp.items.inWriting')).toContain('<email>{{email}}</email>');
    expect(lookup(tree, 'auth.register.acceptTerms')).toMatch(/<terms>[^<]+<\/terms>.*<privacy>[^<]+<\/privacy>/);
  });
});
