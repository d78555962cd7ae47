import type { EventDto, EventStatsDto } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import type { EventOutletContext } from '../../events/use-event';
import { statsKeys } from '../api';
import { StatisticsPage } from './statistics-page';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const event = { id: 'ev1', names: { he: 'החתונה' }, defaultLang: 'he', guestCount: 4, inviteeCount: 1234 } as unknown as EventDto;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const stats = (overrides: Partial<EventStatsDto> = {}): EventStatsDto => ({
  guests: 4,
  invited: 1234,
  attending: 5,
  approved: 2,
  partiallyComing: 1,
  declined: 1,
  maybe: 0,
  noAnswer: 1,
  wrongNumber: 0,
  viewed: 3,
  guestStats: { pending: 1, changedDecision: 1 },
  recentResponses: [
    { guestId: 'g1', fullName: 'Dana Levi', status: 'approved', attending: 2, countOfInvites: 3, answeredAt: hoursAgo(0.1) },
    { guestId: 'g2', fullName: 'יוסי מזרחי', status: 'declined', attending: 0, countOfInvites: 2, answeredAt: hoursAgo(24 * 5) },
  ],
  changedDecisions: [{ guestId: 'g2', fullName: 'יוסי מזרחי', from: 'approved', to: 'declined', attending: 0, answeredAt: hoursAgo(1) }],
  byGroup: [
    { groupId: 'gr1', name: 'Family', invited: 5, attending: 2, declined: 2, maybe: 0, noAnswer: 0 },
    { groupId: null, name: null, invited: 1229, attending: 3, declined: 0, maybe: 0, noAnswer: 1226 },
  ],
  meals: { vegan: 2 },
  transport: {},
  ...overrides,
});

const render = async (lang: 'he' | 'en', data: EventStatsDto | undefined, eventOverrides: Partial<EventDto> = {}) => {
  await setLanguage(lang);
  const client = new QueryClient();
  if (data) client.setQueryData(statsKeys.one(event.id), data);
  const context: EventOutletContext = { event: { ...event, ...eventOverrides } };
  const router = createMemoryRouter([{ path: '/event/:id', element: <Outlet context={context} />, children: [{ path: 'statistics', element: <StatisticsPage /> }] }], {
    initialEntries: ['/event/ev1/statistics'],
  });
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

describe('StatisticsPage', () => {
  it('shows the headline figures, counts from 1,000 with k in an LTR island (he)', async () => {
    const html = await render('he', stats());
    expect(html).toContain('<bdi dir="ltr"');
    expect(html).toMatch(/data-testid="stat-invitees-value"[^>]*><bdi dir="ltr"[^>]*>1\.2k<\/bdi>/);
    expect(html).toMatch(/data-testid="stat-guests-value">4</);
    for (const id of ['attending', 'approved', 'declined', 'maybe', 'noAnswer', 'viewed', 'pending', 'changedDecision', 'wrongNumber']) {
      expect(html).toContain(`data-testid="stat-${id}-value"`);
    }
    expect(html).not.toContain('data-testid="stat-inProgress"');
    expect(html).toContain('מתוכם בהרכב חלקי');
  });

  it('shows inProgress when the server sends it instead of pending', async () => {
    const html = await render('en', stats({ guestStats: { inProgress: 7, changedDecision: 0 } }));
    expect(html).toMatch(/data-testid="stat-inProgress-value"[^>]*><bdi[^>]*>7</);
    expect(html).not.toContain('data-testid="stat-pending"');
  });

  it('lists recent and changed answers, groups with a table, and meals only when asked for', async () => {
    const html = await render('en', stats());
    expect(html.match(/data-testid="recent-response"/g)).toHaveLength(2);
    expect(html).toContain('Dana Levi');
    expect(html).toContain('href="/event/ev1/guest/edit/g1"');
    expect(html).toMatch(/Coming: <bdi[^>]*>2<\/bdi> of <bdi[^>]*>3<\/bdi>/);
    expect(html).toMatch(/minutes? ago/);
    expect(html.match(/data-testid="changed-decision"/g)).toHaveLength(1);
    expect(html).toContain('Earlier answer:');
    expect(html).toContain('data-testid="groups-table"');
    expect(html).toContain('<th scope="row">No group</th>');
    expect(html.match(/data-testid="group-bar"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="meal-totals"');
    expect(html).toContain('Vegan');
    expect(html).not.toContain('data-testid="transport-totals"');

    const withoutNeeds = await render('en', stats({ meals: {}, transport: {} }));
    expect(withoutNeeds).not.toContain('data-testid="needs-totals"');
    const transportOnly = await render('en', stats({ meals: {}, transport: { 'From Haifa': 12 } }));
    expect(transportOnly).toContain('From Haifa');
    expect(transportOnly).not.toContain('data-testid="meal-totals"');
  });

  it('says so when nothing has been answered yet', async () => {
    const html = await render('en', stats({ recentResponses: [], changedDecisions: [] }));
    expect(html).toContain('No answers yet.');
    expect(html).toContain('No one has changed their answer yet.');
  });

  it('holds the layout with placeholders until the first figures arrive', async () => {
    const html = await render('en', undefined);
    expect(html).toContain('MuiSkeleton');
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/data-testid="stat-invitees-value"[^>]*><bdi[^>]*>1.2k</);
    expect(html).not.toContain('data-testid="stats-empty"');
  });

  it('shows the empty state with a way to add guests when there are none', async () => {
    const html = await render('en', stats({ guests: 0 }), { guestCount: 0 });
    expect(html).toContain('data-testid="stats-empty"');
    expect(html).toContain('href="/event/ev1/guest/list"');
    expect(await render('he', undefined, { guestCount: 0 })).toContain('data-testid="stats-empty"');
  });
});
