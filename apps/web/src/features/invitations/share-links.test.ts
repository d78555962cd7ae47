import { describe, expect, it } from 'vitest';
import { msUntilRefresh, whatsAppShareUrl, withLang } from './share-links';

describe('whatsAppShareUrl', () => {
  it('opens the guest’s chat: international digits only, the text encoded', () => {
    expect(whatsAppShareUrl('שלום דנה https://magiim.co.il/invite/abc?x=1&y=2', '+972501234567')).toBe(
      `https://wa.me/972501234567?text=${encodeURIComponent('שלום דנה https://magiim.co.il/invite/abc?x=1&y=2')}`,
    );
  });

  it('leaves the number out when there is none, so WhatsApp asks whom to send to', () => {
    expect(whatsAppShareUrl('Hi & welcome')).toBe('https://wa.me/?text=Hi%20%26%20welcome');
    expect(whatsAppShareUrl('Hi', null)).toBe('https://wa.me/?text=Hi');
  });

  it('drops spaces, dashes and a 00 prefix', () => {
    expect(whatsAppShareUrl('x', '+1 (415) 555-0100')).toBe('https://wa.me/14155550100?text=x');
    expect(whatsAppShareUrl('x', '0044 7700 900123')).toBe('https://wa.me/447700900123?text=x');
  });
});

describe('withLang', () => {
  it('adds the language to a link without a query', () => {
    expect(withLang('https://app.test/preview/invite/tok', 'ar')).toBe('https://app.test/preview/invite/tok?lang=ar');
  });

  it('replaces an earlier language and keeps other parameters and the hash', () => {
    expect(withLang('https://app.test/p?lang=he&a=1#top', 'en')).toBe('https://app.test/p?lang=en&a=1#top');
  });
});

describe('msUntilRefresh', () => {
  const now = Date.parse('2030-01-01T10:00:00Z');

  it('fetches a new link a minute before the old one expires', () => {
    expect(msUntilRefresh('2030-01-01T11:00:00Z', now)).toBe(59 * 60_000);
  });

  it('asks at once when the link is about to expire, has expired or is unreadable', () => {
    expect(msUntilRefresh('2030-01-01T10:00:30Z', now)).toBe(0);
    expect(msUntilRefresh('2029-12-31T10:00:00Z', now)).toBe(0);
    expect(msUntilRefresh('not a date', now)).toBe(0);
  });
});
