import { describe, expect, it } from 'vitest';
import { pickPreviewLang } from './preview-lang';

const event = { langs: ['he', 'ar'] as ('he' | 'ar')[], defaultLang: 'ar' as const };

describe('pickPreviewLang', () => {
  it('keeps the language in the address when the event has it', () => {
    expect(pickPreviewLang('he', 'en', event)).toBe('he');
  });

  it('falls back to the host’s language, then to the event’s default', () => {
    expect(pickPreviewLang('ru', 'he', event)).toBe('he');
    expect(pickPreviewLang(null, 'en', event)).toBe('ar');
    expect(pickPreviewLang('xx', 'ru', event)).toBe('ar');
  });
});
