import { describe, expect, it } from 'vitest';
import { PURPOSE_PLACEHOLDERS, type EventDto } from '@magiim/shared';
import { fillTemplate, insertAtCaret, messageDate, placeholderValues } from './template-fill';

const values = { guestName: 'Dana', eventName: 'Wedding', date: 'Thursday, 12 March', time: '19:30', place: 'Hall', link: 'L', navigationLink: 'N', table: '7', giftThanks: 'G' };

describe('template fill', () => {
  it("samples the navigation link on the real /navigate/ path, not /nav/ (issue 28)", () => {
    const event = { names: { he: 'חתונה' }, defaultLang: 'he', date: '2027-03-11', time: '19:30:00', location: { placeId: 'p', venue: { he: 'אולם' } } } as unknown as EventDto;
    const values = placeholderValues(event, 'he', 'דנה');
    expect(new URL(values.navigationLink.replace('…', 'x')).pathname).toBe('/navigate/x');
    expect(new URL(values.link.replace('…', 'x')).pathname).toBe('/invite/x');
  });

  it('fills the known placeholders and keeps an unknown one as typed', () => {
    expect(fillTemplate('Hi {guestName}, {eventName} at {time}: {link} {name}', values)).toBe('Hi Dana, Wedding at 19:30: L {name}');
  });

  it('inserts a placeholder at the caret or over the selection', () => {
    expect(insertAtCaret('Hello world', 6, 6, 'guestName')).toEqual({ text: 'Hello {guestName}world', caret: 17 });
    expect(insertAtCaret('Hello world', 6, 11, 'link')).toEqual({ text: 'Hello {link}', caret: 12 });
  });

  it('says the date without the year, in the language', () => {
    expect(messageDate('en', '2027-03-11')).toContain('11 March');
    expect(messageDate('en', '2027-03-11')).not.toContain('2027');
    expect(messageDate('ru', '2027-03-11')).toContain('марта');
  });

  it("offers {table} in the direction message only, and previews it with a sample table (the SMS parts count it; issue 31)", () => {
    expect(PURPOSE_PLACEHOLDERS.direction).toContain('table');
    expect(PURPOSE_PLACEHOLDERS.invitation).not.toContain('table');
    expect(PURPOSE_PLACEHOLDERS.thanks).not.toContain('table');
    const event = { names: { he: 'חתונה' }, defaultLang: 'he', date: '2027-03-11', time: '19:30:00', location: { placeId: 'p', venue: { he: 'אולם' } } } as unknown as EventDto;
    const sample = placeholderValues(event, 'he', 'דנה');
    expect(sample.table).toBe('12');
    expect(fillTemplate('השולחן שלך: {table}', sample)).toBe('השולחן שלך: 12');
  });
});
