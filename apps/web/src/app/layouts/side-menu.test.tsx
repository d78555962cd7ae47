import { createMongoAbility } from '@casl/ability';
import { AbilityProvider } from '@casl/react';
import { HOST_ABILITY } from '@magiim/shared';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppAbility } from '../ability';
import { i18n, initI18n, setLanguage } from '../i18n';
import { renderAll } from '../../test-support/render-all';
import { AppThemeProvider } from '../providers/theme-provider';
import { eventDashboardNav } from './event-dashboard-nav';
import { SideMenu } from './side-menu';

const tooltips = vi.hoisted(() => ({ titles: [] as string[] }));
vi.mock('@mui/material/Tooltip', () => ({
  default: ({ title, children }: { title: string; children: ReactElement }) => {
    tooltips.titles.push(title);
    return children;
  },
}));

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  tooltips.titles = [];
});

const render = (mini: boolean) => {
  const { sections } = eventDashboardNav('ev1', { paid: false, showCalls: false });
  const router = createMemoryRouter([{ path: '/event/:id/*', element: <SideMenu sections={sections} mini={mini} /> }], { initialEntries: ['/event/ev1/statistics'] });
  return renderAll(
    <I18nextProvider i18n={i18n}>
      <AbilityProvider value={createMongoAbility<AppAbility>(HOST_ABILITY as never)}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </AbilityProvider>
    </I18nextProvider>,
  );
};

describe('SideMenu', () => {
  it('names each item in a tooltip only in the mini menu, where the labels are hidden', async () => {
    const full = await render(false);
    expect(full).toContain('>Guest list<');
    expect(tooltips.titles).toEqual([]);

    const mini = await render(true);
    expect(mini).not.toContain('>Guest list<');
    expect(mini).toContain('aria-label="Guest list"');
    expect(tooltips.titles).toContain('Guest list');
    expect(tooltips.titles.length).toBe((mini.match(/<li/g) ?? []).length);
  });
});
