import { createMongoAbility } from '@casl/ability';
import { AbilityProvider } from '@casl/react';
import { HOST_ABILITY } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppAbility } from '../ability';
import { i18n, initI18n, setLanguage } from '../i18n';
import { renderAll } from '../../test-support/render-all';
import { AppThemeProvider } from '../providers/theme-provider';
import { ContentLayout } from './content-layout';
import { eventDashboardNav } from './event-dashboard-nav';

const core = import.meta.glob<{ layout: { nav: { dashboard: string } } }>('../../i18n/locales/*.json', { eager: true, import: 'default' });
const pageTexts = import.meta.glob<{ statistics: { title: string } }>('../../i18n/features/statistics.*.json', { eager: true, import: 'default' });

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});

const render = (rules: Parameters<typeof createMongoAbility>[0], options = { paid: false, showCalls: false }) => {
  const { sections, tabs } = eventDashboardNav('ev1', options);
  const router = createMemoryRouter(
    [{ path: '/event/:id/*', element: <ContentLayout sections={sections} tabs={tabs}><h1>Statistics</h1></ContentLayout> }],
    { initialEntries: ['/event/ev1/guest/list'] },
  );
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AbilityProvider value={createMongoAbility<AppAbility>(rules as never)}>
          <AppThemeProvider>
            <RouterProvider router={router} />
          </AppThemeProvider>
        </AbilityProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
};

describe('ContentLayout', () => {
  it('renders header, main and footer landmarks, and the tab bar once there are two tabs (guests, payment)', () => {
    const html = render(HOST_ABILITY);
    expect(html).toContain('<header');
    expect(html).toContain('<main');
    expect(html).toContain('<footer');
    expect(html).toContain('Event navigation');
  });

  it('has no tab bar of a single tab', () => {
    const router = createMemoryRouter(
      [{ path: '/event/:id/*', element: <ContentLayout sections={[]} tabs={[{ labelKey: 'layout.tab.guests', to: '/event/ev1/guest/list' }]}><h1>Guests</h1></ContentLayout> }],
      { initialEntries: ['/event/ev1/guest/list'] },
    );
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <AbilityProvider value={createMongoAbility<AppAbility>(HOST_ABILITY as never)}>
            <AppThemeProvider>
              <RouterProvider router={router} />
            </AppThemeProvider>
          </AbilityProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(html).not.toContain('Event navigation');
  });

  it('leads the Payment tab to checkout, reading Upgrade once the event is paid', () => {
    const labelOf = (paid: boolean) => eventDashboardNav('ev1', { paid, showCalls: false }).tabs.find((tab) => tab.to === '/pricing/ev1')?.labelKey;
    expect(labelOf(false)).toBe('layout.tab.payment');
    expect(labelOf(true)).toBe('layout.tab.upgrade');
    expect(eventDashboardNav('ev1', { paid: false, showCalls: false }).sections.flatMap((section) => section.items.map((item) => item.to))).toContain('/my-orders');
  });

  it('shows the tab bar once there are several tabs', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/event/:id/*',
          element: (
            <ContentLayout
              sections={[]}
              tabs={[
                { labelKey: 'layout.tab.guests', to: '/event/ev1/guest/list' },
                { labelKey: 'layout.tab.messages', to: '/event/ev1/message-template' },
              ]}
            >
              <h1>Guests</h1>
            </ContentLayout>
          ),
        },
      ],
      { initialEntries: ['/event/ev1/guest/list'] },
    );
    const html = await renderAll(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <AbilityProvider value={createMongoAbility<AppAbility>(HOST_ABILITY as never)}>
            <AppThemeProvider>
              <RouterProvider router={router} />
            </AppThemeProvider>
          </AbilityProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('Event navigation');
    expect(html).toContain('>Messages<');
  });

  it('names the dashboard the same in the menu as on its page', () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const [layout, statistics] = [core[`../../i18n/locales/${lang}.json`]?.layout, pageTexts[`../../i18n/features/statistics.${lang}.json`]?.statistics];
      expect(layout?.nav.dashboard).toBeTruthy();
      expect(layout?.nav.dashboard, lang).toBe(statistics?.title);
    }
  });

  it('shows the Calls tab only for an event with calls included outside the messages-only package; gifts always', () => {
    const without = render(HOST_ABILITY, { paid: false, showCalls: false });
    expect(without).not.toContain('>Calls<');
    const withCalls = render(HOST_ABILITY, { paid: true, showCalls: true });
    expect(withCalls).toContain('>Calls<');
    for (const html of [without, withCalls]) for (const label of ['Messages', 'Timing', 'Gifts']) expect(html).toContain(`>${label}<`);
  });

  it('hides navigation the ability does not allow', () => {
    const html = render([{ action: 'read', subject: 'Public' }]);
    expect(html).not.toContain('>Guest list<');
    expect(html).not.toContain('Event navigation');
  });
});
