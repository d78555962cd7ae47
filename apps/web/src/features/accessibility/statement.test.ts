import { describe, expect, it } from 'vitest';
import { contactLinkOf, formatDay, formatMonth } from './statement';

describe('contactLinkOf', () => {
  it('makes an e-mail a mailto: link', () => {
    expect(contactLinkOf(' negishut@magiim.co.il ')).toEqual({ kind: 'email', text: 'negishut@magiim.co.il', href: 'mailto:negishut@magiim.co.il' });
  });

  it('makes an Israeli or international phone a tel: link of its digits', () => {
    expect(contactLinkOf('03-555-1234')).toEqual({ kind: 'phone', text: '03-555-1234', href: 'tel:035551234' });
    expect(contactLinkOf('+972 (50) 123-4567')).toEqual({ kind: 'phone', text: '+972 (50) 123-4567', href: 'tel:+972501234567' });
  });

  it('leaves anything else as plain text (no link)', () => {
    expect(contactLinkOf('דנה כהן, 03-5551234')).toEqual({ kind: 'text', text: 'דנה כהן, 03-5551234', href: null });
    expect(contactLinkOf('12-34')).toEqual({ kind: 'text', text: '12-34', href: null });
    expect(contactLinkOf('mailto:x@y.z?subject=1 2')).toMatchObject({ kind: 'text', href: null });
  });
});

describe('statement dates', () => {
  it('shows the month of the last check and the update day in the reader language with Latin digits', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'he')).toBe('נובמבר 2026');
    expect(formatMonth('2026-01', 'ar')).toContain('2026');
    expect(formatDay('2026-11-24', 'en')).toBe('November 24, 2026');
  });
});
