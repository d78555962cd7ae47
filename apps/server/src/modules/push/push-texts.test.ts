import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NOTIFICATION_TYPES } from '@magiim/shared';
import { PUSH_BODIES } from './push-texts.js';

const localeOf = (lang: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../web/src/i18n/features/notifications.${lang}.json`, import.meta.url)), 'utf8')) as {
    notifications: { types: Record<string, { one: string }> };
  };

describe('push texts', () => {
  it("say what the bell says for one answer, in each language, for every kind", () => {
    for (const lang of LANGUAGES) {
      const types = localeOf(lang).notifications.types;
      for (const type of NOTIFICATION_TYPES) {
        expect(PUSH_BODIES[lang][type], `${lang}.${type}`).toBe(types[type]?.one);
        expect(PUSH_BODIES[lang][type].length).toBeGreaterThan(0);
      }
    }
  });
});
