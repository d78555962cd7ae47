import { describe, expect, it } from 'vitest';
import { LANGUAGES, REQUIRED_PLACEHOLDER, TEMPLATE_PURPOSES } from '@magiim/shared';
import { defaultDirectionWithTableParts, defaultTextParts, sampleValuesOf } from './default-sms-parts.js';
import { DEFAULT_SMS_TEXTS } from './default-texts.js';
import { placeholdersIn } from './template-rules.js';

describe('default texts by SMS (issue 27 §4)', () => {
  it('the sample is a real event: a 20-character name, a 40-character venue, the short link on https://magiim.co.il', () => {
    for (const lang of LANGUAGES) {
      const values = sampleValuesOf(lang);
      expect([...values.guestName].length).toBe(20);
      expect(values.place.length).toBe(40);
      expect(values.link).toBe('https://magiim.co.il/i/Ab3dE6gH9k');
    }
  });

  it('every default invitation, direction and thank-you text fits in 2 SMS parts in he, en, ru and ar', () => {
    const rows = defaultTextParts();
    expect(rows).toHaveLength(TEMPLATE_PURPOSES.length * LANGUAGES.length);
    const over = rows.filter((row) => row.parts > 2).map((row) => `${row.purpose} ${row.lang}: ${row.parts} parts (${row.units})`);
    expect(over).toEqual([]);
  });

  it('each carries the guest name and the link its purpose needs, the same placeholders in every language, no brand', () => {
    for (const purpose of TEMPLATE_PURPOSES) {
      const sets = LANGUAGES.map((lang) => [...placeholdersIn(DEFAULT_SMS_TEXTS[purpose][lang])].sort().join());
      expect(new Set(sets).size).toBe(1);
      for (const lang of LANGUAGES) {
        const text = DEFAULT_SMS_TEXTS[purpose][lang];
        expect(placeholdersIn(text)).toContain('guestName');
        const required = REQUIRED_PLACEHOLDER[purpose];
        if (required) expect(placeholdersIn(text)).toContain(required);
        expect(text).not.toMatch(/magiim|מגיעים/i);
      }
    }
  });
});

describe('the default direction SMS to a seated guest (issue 31)', () => {
  it('counts the table line: at most 3 parts in he, ru and ar with a 20-character table, 2 in English', () => {
    const rows = defaultDirectionWithTableParts();
    expect(rows.map((row) => row.lang)).toEqual([...LANGUAGES]);
    for (const row of rows) {
      expect(row.text).toContain(sampleValuesOf(row.lang).table);
      const without = defaultTextParts().find((other) => other.purpose === 'direction' && other.lang === row.lang)!;
      expect(row.units).toBeGreaterThan(without.units);
      expect(row.parts).toBeLessThanOrEqual(row.lang === 'en' ? 2 : 3);
    }
  });
});
