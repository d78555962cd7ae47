import type { AnswerHistoryItem, PublicAnswerItem } from '@magiim/shared';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { AnswerHistoryList } from './answer-history-list';
import { PublicAnswerList } from './public-answer-list';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const render = async (lang: 'en' | 'he', node: ReactNode) => {
  await setLanguage(lang);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

const history = (over: Partial<AnswerHistoryItem>): AnswerHistoryItem => ({
  id: 'a1',
  guestId: 'g1',
  fullName: 'Dana Levi',
  status: 'declined',
  previousStatus: null,
  attending: 0,
  meals: {},
  transport: null,
  comments: '',
  changed: false,
  source: 'public',
  typedName: "Dana's mum",
  createdAt: '2030-01-05T22:30:00.000Z',
  ...over,
});

const kept = (over: Partial<PublicAnswerItem>): PublicAnswerItem => ({
  id: 'p1',
  guestId: 'g1',
  guestName: 'Dana Levi',
  countOfInvites: 2,
  reason: 'aboveInvitation',
  typedName: 'Somebody',
  phoneNumber: '+972527654321',
  lang: 'he',
  status: 'approved',
  attending: 6,
  meals: {},
  transport: null,
  comments: '',
  createdAt: '2030-01-05T22:30:00.000Z',
  ...over,
});

describe('public answers on the host screens', () => {
  it('marks a public answer with the name typed on the page, when it is not the guest’s own name', async () => {
    const html = await render('en', <AnswerHistoryList items={[history({}), history({ id: 'a2', typedName: 'Dana Levi' })]} eventId="ev1" label="Answers" />);
    expect(html.match(/name typed:/g)).toHaveLength(1);
    expect(html).toContain('<bdi>Dana&#x27;s mum</bdi>');
  });

  it('says why a kept answer waits, numbers isolated in Hebrew, with apply and dismiss', async () => {
    const html = await render('he', <PublicAnswerList items={[kept({})]} eventId="ev1" label="x" showGuest />);
    expect(html).toContain('ביקשו \u20666\u2069 מקומות – יותר מהמספר שהוזמן (\u20662\u2069).');
    expect(html).toContain('href="/event/ev1/guest/edit/g1"');
    expect(html).toContain('להחליף לתשובה הזו');
    expect(html).toContain('להשאיר כמו שהיה');
  });

  it('shows a new phone waiting for approval with its number and the approve and reject buttons', async () => {
    const html = await render('en', <PublicAnswerList items={[kept({ guestId: null, guestName: null, countOfInvites: null, reason: 'approval', attending: 2 })]} eventId="ev1" label="x" />);
    expect(html).toContain('052-765-4321');
    expect(html).toContain('You asked to approve new guests.');
    expect(html).toContain('Add to the list');
    expect(html).toContain('Don&#x27;t add');
  });
});
