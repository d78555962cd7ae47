import { beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { renderAll } from '../../../test-support/render-all';
import { Pager } from './admin-list';
import { availableUserActions } from './user-detail-dialog';

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});

const render = (page: number, hasMore: boolean, busy = false) =>
  renderAll(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <Pager page={page} hasMore={hasMore} busy={busy} onPage={() => {}} />
      </AppThemeProvider>
    </I18nextProvider>,
  );

const button = (html: string, testId: string) => new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';

describe('Pager', () => {
  it('offers previous only after page 1 and next only while the server says there is more', async () => {
    const first = await render(1, true);
    expect(button(first, 'admin-page-previous')).toContain('disabled');
    expect(button(first, 'admin-page-next')).not.toContain('disabled');
    expect(first.replace(/<!-- -->/g, '')).toMatch(/Page <bdi dir="ltr"[^>]*>1<\/bdi>/);

    const last = await render(3, false);
    expect(button(last, 'admin-page-previous')).not.toContain('disabled');
    expect(button(last, 'admin-page-next')).toContain('disabled');

    const loading = await render(2, true, true);
    expect(button(loading, 'admin-page-previous')).toContain('disabled');
    expect(button(loading, 'admin-page-next')).toContain('disabled');
  });
});

describe('availableUserActions', () => {
  const user = { state: 'active', isAdmin: false } as Parameters<typeof availableUserActions>[0];
  it('blocks an active user, unblocks a blocked one, and leaves deregistered accounts and administrators alone', () => {
    expect(availableUserActions(user)).toEqual(['block', 'deregister']);
    expect(availableUserActions({ ...user, state: 'blocked' })).toEqual(['unblock', 'deregister']);
    expect(availableUserActions({ ...user, state: 'deregistered' })).toEqual([]);
    expect(availableUserActions({ ...user, isAdmin: true })).toEqual([]);
  });
});
