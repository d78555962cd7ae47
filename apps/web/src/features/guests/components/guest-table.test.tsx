import type { GuestDto, GuestSort } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { GuestTable } from './guest-table';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const guest = (answer: GuestDto['answer']): GuestDto =>
  ({
    id: 'g1',
    fullName: 'Dana Levi',
    phoneNumber: '+972501234567',
    countOfInvites: 2,
    groupId: null,
    lang: 'he',
    askTransport: false,
    askMeals: false,
    comments: '',
    side: null,
    status: 'approved',
    viewedCount: 0,
    attending: 2,
    inviteUrl: 'https://app.test/invite/abc',
    answer,
    changedDecision: false,
    messages: [],
    optedOut: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  }) as GuestDto;

const render = async (lang: 'en' | 'he', guests: GuestDto[], compact: boolean) => {
  await setLanguage(lang);
  const noop = () => {};
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <MemoryRouter>
            <GuestTable
              eventId="e1"
              guests={guests}
              groups={[]}
              selected={new Set()}
              onToggle={noop}
              onToggleAll={noop}
              onDelete={noop}
              sort={'name' as GuestSort}
              onSort={noop}
              compact={compact}
            />
          </MemoryRouter>
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('the guest list: questions never asked', () => {
  const open = { meals: {}, transport: null, transportOpen: true, mealsOpen: false, comments: '', answeredAt: '2030-01-02T00:00:00.000Z' };

  it('says transport is still to answer for a guest who answered by phone, in the table and on a phone card', async () => {
    for (const compact of [false, true]) {
      const html = await render('en', [guest(open)], compact);
      expect(html).toContain('Still to answer: transport');
    }
    expect(await render('he', [guest(open)], false)).toContain('עוד לא ענו: הסעה');
  });

  it('says nothing once answered (a ride or none)', async () => {
    const html = await render('en', [guest({ ...open, transportOpen: false })], false);
    expect(html).not.toContain('Still to answer');
  });
});
