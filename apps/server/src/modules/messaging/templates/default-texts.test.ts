import { describe, expect, it } from 'vitest';
import { LANGUAGES, OPT_OUT_WORDS, TEMPLATE_PURPOSES } from '@magiim/shared';
import { whatsappTemplateProblem } from '../../../providers/messaging/sandbox-template-reviewer.js';
import { DEFAULT_TEXTS } from './default-texts.js';
import { OPT_OUT_LINES } from '@magiim/shared';
import { placeholdersIn, templateTextIssues } from './template-rules.js';

describe('default message texts', () => {
  for (const purpose of TEMPLATE_PURPOSES) {
    for (const lang of LANGUAGES) {
      it(`${purpose} in ${lang} keeps our rules and passes WhatsApp's static review`, () => {
        const text = DEFAULT_TEXTS[purpose][lang];
        expect(templateTextIssues(purpose, text)).toEqual([]);
        expect(whatsappTemplateProblem(text)).toBeNull();
        expect(placeholdersIn(text)).toContain('guestName');
        if (purpose === 'saveTheDate') {
          // Issue 32: the names, the day and the place; no link asking for an answer.
          expect(placeholdersIn(text)).toEqual(expect.arrayContaining(['eventName', 'date', 'place']));
          expect(placeholdersIn(text)).not.toContain('link');
        } else if (purpose !== 'thanks') expect(placeholdersIn(text)).toEqual(expect.arrayContaining(['eventName', 'date', 'time', 'place']));
        // Informational only (spam law §30A): no brand inside a guest's message.
        expect(text).not.toMatch(/magiim|מגיעים/i);
      });
    }
  }

  it('the same purpose carries the same placeholders in every language', () => {
    for (const purpose of TEMPLATE_PURPOSES) {
      const sets = LANGUAGES.map((lang) => [...placeholdersIn(DEFAULT_TEXTS[purpose][lang])].sort().join());
      expect(new Set(sets).size).toBe(1);
    }
  });

  it("every opt-out line names the opt-out word the reply handler knows, in that line's language", () => {
    const wordOf = { he: 'הסר', en: 'stop', ru: 'стоп', ar: 'توقف' } as const;
    for (const lang of LANGUAGES) {
      expect(OPT_OUT_WORDS).toContain(wordOf[lang]);
      expect(OPT_OUT_LINES[lang].toLocaleLowerCase().split(/[\s,.]+/)).toContain(wordOf[lang]);
    }
  });
});
