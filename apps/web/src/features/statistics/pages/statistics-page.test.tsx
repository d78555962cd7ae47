import type { EventDto, EventStatsDto } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import type { EventOutletContext } from '../../events/use-event';
import { statsKeys } from '../api';
import { StatisticsPage } from './statistics-page';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const event = { id: 'ev1', names: { he: 'החתונה' }, defaultLang: 'he', guestCount: 4, inviteeCount: 1234, progressStatus: 0 } as unknown as EventDto;

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
  afterEach(() => vi.unstubAllGlobals());

  it('shows the headline figures, counts from 1,000 with k in an LTR island (he)', async () => {
    const html = await render('he', stats());
    expect(html).toContain('<bdi dir="ltr"');
    expect(html).toMatch(/data-testid="stat-invitees-value"[^>]*><bdi dir="ltr"[^>]*>1\.2k<\/bdi>/);
    expect(html).toMatch(/data-testid="stat-guests-value">4</);
    for (const id of ['attending', 'approved', 'declined', 'maybe', 'noAnswer', 'viewed', 'changedDecision', 'wrongNumber']) {
      expect(html).toContain(`data-testid="stat-${id}-value"`);
    }
    expect(html).not.toContain('data-testid="stat-inProgress"');
    expect(html).toContain('מתוכם בהרכב חלקי');
  });

  it('counts guests who opened the invitation, and says how many have not (guests, not page views)', async () => {
    // One guest reloaded 17 times: the server counts that guest once (viewed: 1 of 4 guests).
    const html = await render('en', stats({ viewed: 1 }));
    expect(html).toMatch(/data-testid="stat-viewed-value"[^>]*><bdi[^>]*>1</);
    expect(html).toMatch(/Not opened yet: <bdi[^>]*>3<\/bdi>/);
    expect(await render('he', stats({ viewed: 1 }))).toMatch(/עוד לא פתחו: <bdi[^>]*>3<\/bdi>/);
  });

  it('says once that nobody is invited before a package, never "awaiting payment" beside "no answer yet"', async () => {
    for (const lang of ['he', 'en'] as const) {
      const html = await render(lang, stats({ guestStats: { pending: 1, changedDecision: 0 } }));
      expect(html.match(/data-testid="not-invited-note"/g)).toHaveLength(1);
      expect(html).not.toMatch(/Awaiting payment|ממתין לתשלום|ממתינים לתשלום/);
      expect(html).not.toContain('data-testid="stat-pending"');
      expect(html).toContain('data-testid="stat-noAnswer-value"');
    }
    // Once paid (inProgress), no note and no second "not answered" tile either.
    const paid = await render('en', stats({ guestStats: { inProgress: 7, changedDecision: 0 } }), { progressStatus: 1 });
    expect(paid).not.toContain('data-testid="not-invited-note"');
    expect(paid).not.toContain('data-testid="stat-inProgress"');
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

  it('in a browser, paints the figures first: the sections below keep their placeholders until then', async () => {
    // A page that paints (rendering to a string does not): the first render is the one the browser paints first.
    vi.stubGlobal('window', { requestAnimationFrame: () => 1, cancelAnimationFrame: () => undefined, setTimeout, clearTimeout });
    const html = await render('en', stats());
    expect(html).toMatch(/data-testid="stat-attending-value"[^>]*><bdi[^>]*>5</);
    expect(html).toMatch(/data-testid="stat-approved-value"[^>]*><bdi[^>]*>2</);
    for (const section of ['recent-responses', 'changed-decisions', 'attendance-by-group']) {
      expect(html).toMatch(new RegExp(`aria-busy="true" data-testid="${section}"`));
    }
    expect(html).not.toContain('data-testid="recent-response"');
    expect(html).not.toContain('data-testid="groups-table"');
    expect(html).not.toContain('data-testid="needs-totals"');
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
