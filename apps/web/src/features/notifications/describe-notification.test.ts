import type { NotificationDto } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
import { badgeText, describeNotification } from './describe-notification';

const now = new Date('2027-06-17T09:00:00Z');
const notification = (overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id: 'n1',
  eventId: 'e1',
  eventNames: { he: 'החתונה של דנה ויוסי', en: "Dana & Yossi's wedding" },
  defaultLang: 'he',
  type: 'approved',
  count: 3,
  date: '2027-06-17T07:00:00Z',
  statusDate: '2027-06-17T08:00:00Z',
  messageSystem: null,
  read: false,
  ...overrides,
});

describe('describeNotification', () => {
  it("names the event in the interface language, else in the event's default", () => {
    expect(describeNotification(notification(), 'en', now).eventName).toBe("Dana & Yossi's wedding");
    expect(describeNotification(notification(), 'ru', now).eventName).toBe('החתונה של דנה ויוסי');
    expect(describeNotification(notification({ eventNames: { en: 'Bar mitzvah' } }), 'ar', now).eventName).toBe('Bar mitzvah');
  });

  it('picks the sentence by type and by one or many', () => {
    expect(describeNotification(notification(), 'en', now)).toMatchObject({ textKey: 'notifications.types.approved.many', count: 3 });
    expect(describeNotification(notification({ type: 'declined', count: 1 }), 'en', now).textKey).toBe('notifications.types.declined.one');
    expect(describeNotification(notification({ type: 'wrongNumber', count: 2 }), 'en', now).textKey).toBe('notifications.types.wrongNumber.many');
  });

  it('dates it by the latest answer: today, yesterday, DD/MM', () => {
    expect(describeNotification(notification(), 'en', now).day).toEqual({ kind: 'today' });
    expect(describeNotification(notification({ statusDate: '2027-06-16T12:00:00Z' }), 'en', now).day).toEqual({ kind: 'yesterday' });
    expect(describeNotification(notification({ statusDate: '2027-06-01T12:00:00Z' }), 'en', now).day).toEqual({ kind: 'date', dayMonth: '01/06' });
  });
});

describe('badgeText', () => {
  it('hides at zero and caps at 9+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});
