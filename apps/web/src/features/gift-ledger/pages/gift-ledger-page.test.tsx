import { LANGUAGES, sumGifts, type EventDto, type GiftLedgerResponse, type Lang } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import type { EventOutletContext } from '../../events/use-event';
import { giftLedgerKeys } from '../api';
import { GiftLedgerPage } from './gift-ledger-page';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const event = { id: 'ev1', names: { he: 'חתונה' }, defaultLang: 'he', progressStatus: 1, role: 'cohost' } as unknown as EventDto;
const entries: GiftLedgerResponse['entries'] = [
  { id: 'e1', guestId: 'g1', guestName: 'יעל מזרחי', side: 'a', amount: 36_050, method: 'bit', note: 'מכל המשפחה', source: 'host', createdAt: '2026-11-28T10:00:00.000Z' },
  { id: 'e2', guestId: 'g2', guestName: 'Avi Ben David', side: null, amount: 50_000, method: 'giftLink', note: '', source: 'giftLink', createdAt: '2026-11-28T09:00:00.000Z' },
];
const ledger: GiftLedgerResponse = {
  entries,
  totals: sumGifts(entries),
  cameWithoutGift: [{ guestId: 'g3', fullName: 'נועה לוי', phoneNumber: '+972527710003', attending: 2, side: 'b' }],
  sideLabels: { a: 'דנה', b: '' },
};

const render = async (lang: Lang) => {
  await setLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(giftLedgerKeys.ledger('ev1'), ledger);
  const context: EventOutletContext = { event };
  const router = createMemoryRouter([{ path: '/event/:id', element: <Outlet context={context} />, children: [{ path: 'gifts-ledger', element: <GiftLedgerPage /> }] }], {
    initialEntries: ['/event/ev1/gifts-ledger'],
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

const section = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start));
};

describe('the gift ledger page', () => {
  it.each(LANGUAGES)('reads in %s with no key left untranslated', async (lang) => {
    const html = await render(lang);
    expect(html).toContain('data-testid="gift-ledger-ready"');
    expect(html).not.toMatch(/giftLedger\.|layout\.nav\./);
  });

  it("shows the totals with the host's side label, the default for the other side, and 'no side'", async () => {
    const html = await render('en');
    expect(section(html, 'gift-totals')).toContain('₪860.50');
    const bySide = section(html, 'gift-by-side');
    expect(bySide).toContain('דנה');
    expect(bySide).toContain('No side');
    expect(section(html, 'gift-by-method')).toContain('Gift link');
    // A gift-link payment says where it came from; the guest who came without a gift has its side's default label.
    expect(section(html, 'gift-list')).toContain('Through the gift link');
    expect(section(html, 'gift-came-without')).toContain('Side B');
  });

  it('isolates amounts in Hebrew (an amount never reorders inside the right-to-left text)', async () => {
    const html = await render('he');
    expect(section(html, 'gift-totals')).toMatch(/<bdi dir="ltr"[^>]*>860.50\u00a0₪<\/bdi>/);
  });
});
