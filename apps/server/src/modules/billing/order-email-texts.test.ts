import { describe, expect, it } from 'vitest';
import { LANGUAGES, SENDING_PROMISE } from '@magiim/shared';
import { formatShekels, ORDER_EMAIL_TEXTS } from './order-email-texts.js';
import { SANDBOX_PAGE_TEXTS } from './sandbox-page-texts.js';

describe('order e-mail and sandbox page texts', () => {
  it.each(LANGUAGES)('%s: every text is there and carries the values it is given', (lang) => {
    const texts = ORDER_EMAIL_TEXTS[lang];
    expect(texts.greeting('Noa')).toContain('Noa');
    expect(texts.footer('help@x.test')).toContain('help@x.test');
    expect(texts.packageName(1)).not.toBe(texts.packageName(2));
    expect(texts.guests(300)).toContain('300');
    expect(texts.description('P', 'G', 'E')).toMatch(/P.*G.*E/);
    expect(texts.paid.subject(100001)).toContain('100001');
    expect(texts.paid.body('EVT', 'WHAT')).toMatch(/EVT.*WHAT/);
    expect(texts.paid.amount('AMT', 'VAT')).toMatch(/AMT.*VAT/);
    expect(texts.failed.subject(100002)).toContain('100002');
    expect(texts.failed.body('EVT')).toContain('EVT');
    expect(texts.cancelled.subject(100003)).toContain('100003');
    expect(texts.cancelled.body('EVT')).toContain('EVT');
    expect(texts.cancelled.refund('R1', 'F1')).toMatch(/R1.*F1/);
    expect(texts.cancelled.reason('WHY')).toContain('WHY');
    expect(texts.host('Noa', 'noa@x.test')).toContain('noa@x.test');
    // Issue 26 §7: the receipt e-mail makes the checkout's one promise, word for word.
    expect(texts.paid.next).toBe(SENDING_PROMISE[lang]);
    expect(texts.refunded.subject(100004)).toContain('100004');
    expect(texts.refunded.body('EVT', 'AMT')).toMatch(/EVT.*AMT/);
    expect(texts.attention.subject(100005)).toContain('100005');
    expect(texts.attention.body('WHY')).toContain('WHY');
    for (const value of [texts.refunded.superseded, texts.refunded.alreadyPaid, texts.refunded.creditChanged, texts.refunded.action]) expect(value.trim()).not.toBe('');
    for (const value of [texts.paid.next, texts.paid.action, texts.failed.action]) expect(value.trim()).not.toBe('');

    const page = SANDBOX_PAGE_TEXTS[lang];
    expect(new Set([page.pay, page.decline, page.cancel]).size).toBe(3);
    expect(page.vat(18)).toContain('18');
    expect(page.closed.trim()).not.toBe('');
    expect(new Set(['pay', 'decline', 'cancel'].map((o) => page.decided(o as 'pay')).values()).size).toBe(3);
  });

  it('writes shekels with two decimals in each language', () => {
    for (const lang of LANGUAGES) expect(formatShekels(123_456, lang)).toMatch(/1\D?234[.,]56/);
    expect(formatShekels(14_900, 'en')).toBe('₪149.00');
  });
});
