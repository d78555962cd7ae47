import { describe, expect, it } from 'vitest';
import { supportWidgetTarget, whatsappChatUrl } from './support-widget-visibility';

const EVENT = '3f2b8c1e-5a4d-4e6f-9b1a-2c3d4e5f6a7b';

describe('support widget visibility', () => {
  it.each([
    ['/manage-events', null],
    ['/manage-events/en', null],
    ['/create-event', null],
    ['/my-orders', null],
    ['/userSettings', null],
    ['/FAQS-contact-us', null],
    ['/register', null],
    ['/terms', null],
    [`/event/${EVENT}/statistics`, EVENT],
    [`/event/${EVENT}/guest/list`, EVENT],
    [`/event/${EVENT}/gifts`, EVENT],
    [`/event/${EVENT.toUpperCase()}/my-expenses`, EVENT],
    [`/event/${EVENT}`, EVENT],
  ])('shows on %s', (path, eventId) => {
    expect(supportWidgetTarget(path)).toEqual({ visible: true, eventId });
  });

  it.each([
    '/ott',
    '/ott/',
    `/event/${EVENT}/invitation`,
    `/event/${EVENT}/invitation/he`,
    `/event/${EVENT}/navigate`,
    `/pricing/${EVENT}`,
    `/pricing/${EVENT}/order`,
    `/pricing/${EVENT}/payment`,
    '/invite/abcdefghijklmnopqrstuv',
    '/invite/p/abcdefghijklmnopqrstuv',
    '/navigate/abcdefghijklmnopqrstuv',
    '/navigate/p/abcdefghijklmnopqrstuv',
  ])('hides on %s', (path) => {
    expect(supportWidgetTarget(path)).toEqual({ visible: false });
  });

  it('does not mistake look-alike paths for hidden ones', () => {
    expect(supportWidgetTarget('/ottoman').visible).toBe(true);
    expect(supportWidgetTarget(`/event/${EVENT}/invitations-sent`).visible).toBe(true);
  });

  it('builds the wa.me link with the digits and the text encoded', () => {
    expect(whatsappChatUrl('+972500000000', `Hello & event ${EVENT}?`)).toBe(
      `https://wa.me/972500000000?text=Hello%20%26%20event%20${EVENT}%3F`,
    );
  });
});
