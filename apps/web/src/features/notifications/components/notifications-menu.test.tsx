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

  it("leads to the event's statistics with its name, the sentence and the day", async () => {
    const html = await renderItem('en', item(), true);
    expect(html).toContain('href="/event/ev1/statistics"');
    expect(html).toContain('Dana&#x27;s wedding');
    expect(html).toMatch(/<bdi[^>]*>3<\/bdi> guests confirmed they&#x27;re coming/);
    expect(html).toContain('>Yesterday<');
    expect(html).toContain('New:');
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
