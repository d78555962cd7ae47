import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesQuery } from './faq-search';

describe('FAQ search', () => {
  it('ignores case, points, harakat and punctuation', () => {
    expect(foldForSearch('WhatsApp, SMS!')).toBe('whatsapp sms');
    expect(matchesQuery('מה קורה לפרטי האורחים שלי?', 'שֶׁלִּי')).toBe(true);
    expect(matchesQuery('كيف تعمل المكالمات الهاتفية؟', 'المُكالمات')).toBe(true);
    expect(matchesQuery('Что происходит с данными?', 'ЧТО')).toBe(true);
    expect(matchesQuery('ещё раз', 'еще')).toBe(true);
  });

  it('needs every word of the query, in any order', () => {
    expect(matchesQuery('A 3% fee is paid by the guest', 'guest fee')).toBe(true);
    expect(matchesQuery('A 3% fee is paid by the guest', 'guest refund')).toBe(false);
    expect(matchesQuery('anything', '   ')).toBe(true);
  });
});
