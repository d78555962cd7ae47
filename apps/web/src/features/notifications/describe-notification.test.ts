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
  latestGuest: null,
  guests: 0,
  reach: null,
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

  it('names the latest guest and the others, and leads to that guest or to the answers', () => {
    const dana = { id: 'g1', fullName: 'Dana Levi' };
    expect(describeNotification(notification({ latestGuest: dana, guests: 3, count: 4 }), 'en', now)).toMatchObject({
      textKey: 'notifications.named.approved.many',
      name: 'Dana Levi',
      count: 2,
      to: '/event/e1/guest/answers',
    });
    expect(describeNotification(notification({ latestGuest: dana, guests: 1, count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.named.approved.one',
      name: 'Dana Levi',
      count: 0,
      to: '/event/e1/guest/answers?guestId=g1',
    });
    expect(describeNotification(notification({ type: 'changedDecision', latestGuest: dana, guests: 2 }), 'en', now).to).toBe('/event/e1/guest/answers?changed=1');
    // The guest was deleted since: the count alone.
    expect(describeNotification(notification({ latestGuest: null, guests: 0, count: 3 }), 'en', now)).toMatchObject({ name: null, count: 3, to: '/event/e1/guest/answers' });
  });

  it('leads a kept public answer to that guest\'s edit screen, and new guests waiting to the guest list\'s card, named by the typed name', () => {
    const typed = { id: 'g1', fullName: 'Dana from the link' };
    expect(describeNotification(notification({ type: 'publicAnswerKept', latestGuest: typed, guests: 1, count: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.named.publicAnswerKept.one',
      name: 'Dana from the link',
      count: 0,
      to: '/event/e1/guest/edit/g1',
    });
    // Several guests' kept answers: the answers screen, where all of them wait.
    expect(describeNotification(notification({ type: 'publicAnswerKept', latestGuest: typed, guests: 2, count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.named.publicAnswerKept.many',
      count: 1,
      to: '/event/e1/guest/answers',
    });
    // A new phone is not a guest yet: its typed name, no id.
    expect(
      describeNotification(notification({ type: 'publicGuestWaiting', latestGuest: { id: null, fullName: 'Moshe' }, guests: 2, count: 2 }), 'en', now),
    ).toMatchObject({ textKey: 'notifications.named.publicGuestWaiting.many', name: 'Moshe', count: 1, to: '/event/e1/guest/list#waiting-guests' });
    // The host settled them all since: the count alone, still to the waiting card.
    expect(describeNotification(notification({ type: 'publicGuestWaiting', latestGuest: null, guests: 0, count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.publicGuestWaiting.many',
      name: null,
      count: 2,
      to: '/event/e1/guest/list#waiting-guests',
    });
    expect(describeNotification(notification({ type: 'publicAnswerKept', latestGuest: null, guests: 0, count: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.publicAnswerKept.one',
      to: '/event/e1/guest/answers',
    });
  });

  it('dates it by the latest answer: today, yesterday, DD/MM', () => {
    expect(describeNotification(notification(), 'en', now).day).toEqual({ kind: 'today' });
    expect(describeNotification(notification({ statusDate: '2027-06-16T12:00:00Z' }), 'en', now).day).toEqual({ kind: 'yesterday' });
    expect(describeNotification(notification({ statusDate: '2027-06-01T12:00:00Z' }), 'en', now).day).toEqual({ kind: 'date', dayMonth: '01/06' });
  });
  it('says a payment came in (or failed) under the event name, leading to the orders or back to checkout', () => {
    expect(describeNotification(notification({ type: 'paymentPaid', count: 1, latestGuest: { id: 'g1', fullName: 'x' }, guests: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.paymentPaid.one',
      name: null,
      to: '/my-orders',
    });
    expect(describeNotification(notification({ type: 'paymentFailed', count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.paymentFailed.many',
      count: 2,
      to: '/pricing/e1',
    });
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

  it('names no guest for messaging news and leads to the funnel or the guest list', () => {
    const dana = { id: 'g1', fullName: 'Dana Levi' };
    expect(describeNotification(notification({ type: 'actionFinished', count: 1, latestGuest: dana, guests: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.actionFinished.one',
      name: null,
      to: '/event/e1/statistics#message-funnel',
    });
    expect(describeNotification(notification({ type: 'messagesFailed', count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.messagesFailed.many',
      to: '/event/e1/guest/list?status=notReached',
    });
    expect(describeNotification(notification({ type: 'guestOptedOut', count: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.guestOptedOut.one',
      to: '/event/e1/guest/list',
    });
  });

  it("says WhatsApp's daily limit was reached and where the rest went, with a text in every language", async () => {
    const dana = { id: 'g1', fullName: 'Dana Levi' };
    expect(describeNotification(notification({ type: 'whatsappOverflowSms', count: 1, latestGuest: dana, guests: 1 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.whatsappOverflowSms.one',
      name: null,
      to: '/event/e1/guest/list',
    });
    expect(describeNotification(notification({ type: 'whatsappOverflowWait', count: 2 }), 'en', now)).toMatchObject({
      textKey: 'notifications.types.whatsappOverflowWait.many',
      to: '/event/e1/guest/list',
    });
    for (const lang of ['he', 'en', 'ru', 'ar']) {
      const texts = ((await import(`../../i18n/features/notifications.${lang}.json`)) as { default: { notifications: { types: Record<string, { one: string; many: string }> } } })
        .default.notifications.types;
      for (const type of ['whatsappOverflowSms', 'whatsappOverflowWait']) {
        expect(texts[type]?.one).toBeTruthy();
        expect(texts[type]?.many).toContain('{{count}}');
      }
    }
  });
});

describe('the bell after sending', () => {
  it('leads to the guest list\'s "not reached" filter when a round left guests unreached', () => {
    const reach = { reached: 130, notReached: 15 };
    expect(describeNotification(notification({ type: 'actionFinished', count: 1, reach }), 'en', now).to).toBe('/event/e1/guest/list?status=notReached');
    expect(describeNotification(notification({ type: 'messagesFailed', count: 1, reach }), 'en', now).to).toBe('/event/e1/guest/list?status=notReached');
    expect(describeNotification(notification({ type: 'actionFinished', count: 1, reach: { reached: 145, notReached: 0 } }), 'en', now).to).toBe('/event/e1/statistics#message-funnel');
  });
});
