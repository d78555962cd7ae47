import type { NotificationDto, NotificationsResponse } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { notificationKeys } from '../api';
import { NotificationItem } from './notification-item';
import { NotificationsMenu } from './notifications-menu';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const now = new Date('2027-06-17T09:00:00Z');
const item = (overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id: 'n1',
  eventId: 'ev1',
  eventNames: { he: 'החתונה של דנה', en: "Dana's wedding" },
  defaultLang: 'he',
  type: 'approved',
  count: 3,
  date: '2027-06-16T07:00:00Z',
  statusDate: '2027-06-16T08:00:00Z',
  messageSystem: null,
  read: false,
  latestGuest: null,
  guests: 0,
  reach: null,
  ...overrides,
});

const render = async (lang: 'he' | 'en' | 'ru' | 'ar', node: ReactNode, data?: NotificationsResponse) => {
  await setLanguage(lang);
  const client = new QueryClient();
  if (data) client.setQueryData(notificationKeys.all, data);
  const router = createMemoryRouter([{ path: '*', element: node }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
};

describe('NotificationsMenu', () => {
  it('shows the unread count on the badge, capped at 9+, and says it to screen readers', async () => {
    const html = await render('en', <NotificationsMenu />, { items: [item()], unread: 12 });
    expect(html).toContain('aria-label="Notifications, new: 12"');
    expect(html).toMatch(/MuiBadge-badge[^"]*"[^>]*>9\+</);
  });

  it('hides the badge when nothing is unread', async () => {
    const html = await render('he', <NotificationsMenu />, { items: [], unread: 0 });
    expect(html).toContain('aria-label="התראות"');
    expect(html).toContain('MuiBadge-invisible');
  });
});

describe('NotificationItem', () => {
  const renderItem = (lang: 'he' | 'en' | 'ru' | 'ar', notification: NotificationDto, fresh = false) =>
    render(lang, <NotificationItem notification={notification} fresh={fresh} now={now} onNavigate={() => {}} />);

  it("leads to the event's answers with its name, the sentence and the day", async () => {
    const html = await renderItem('en', item(), true);
    expect(html).toContain('href="/event/ev1/guest/answers"');
    expect(html).toContain('Dana&#x27;s wedding');
    expect(html).toMatch(/<bdi[^>]*>3<\/bdi> guests confirmed they&#x27;re coming/);
    expect(html).toContain('>Yesterday<');
    expect(html).toContain('New:');
  });

  it('names who answered and how many more, and opens that guest when there is one', async () => {
    const dana = { id: 'g1', fullName: 'Dana Levi' };
    const en = await renderItem('en', item({ latestGuest: dana, guests: 3 }));
    expect(en).toMatch(/<bdi data-testid="notification-name">Dana Levi<\/bdi> and <bdi dir="ltr"[^>]*>2<\/bdi> more are coming/);
    expect(en).toContain('href="/event/ev1/guest/answers"');
    const he = await renderItem('he', item({ latestGuest: { id: 'g1', fullName: 'דנה לוי' }, guests: 1, count: 2 }));
    expect(he).toContain('מגיעים: <bdi data-testid="notification-name">דנה לוי</bdi>');
    expect(he).not.toContain('ועוד');
    expect(he).toContain('href="/event/ev1/guest/answers?guestId=g1"');
  });

  it('speaks of one guest in a sentence of its own, in the event name of the default language', async () => {
    const html = await renderItem('ru', item({ type: 'declined', count: 1, statusDate: '2027-06-17T08:00:00Z' }));
    expect(html).toContain('החתונה של דנה');
    expect(html).toContain('Гость сообщил, что не сможет прийти');
    expect(html).toContain('>Сегодня<');
  });

  it('dates older notifications DD/MM in an LTR island (ar)', async () => {
    const html = await renderItem('ar', item({ type: 'wrongNumber', count: 2, statusDate: '2027-06-01T08:00:00Z' }));
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>01\/06<\/bdi>/);
    expect(html).toContain('عدد البلاغات عن رقم خاطئ');
  });
});
