import type { AnswerHistoryItem, GuestDto } from '@magiim/shared';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { AnswerHistoryList } from './answer-history-list';
import { GuestAnswerCard } from './guest-answer-card';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const render = async (lang: 'en' | 'he', node: ReactNode) => {
  await setLanguage(lang);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </AppThemeProvider>
    </I18nextProvider>,
  );
};

const item = (over: Partial<AnswerHistoryItem> = {}): AnswerHistoryItem => ({
  id: 'a1',
  guestId: 'g1',
  fullName: 'Dana Levi',
  status: 'declined',
  previousStatus: 'approved',
  attending: 0,
  meals: {},
  transport: null,
  comments: '',
  changed: true,
  source: 'personal',
  typedName: null,
  createdAt: '2030-01-05T22:30:00.000Z',
  ...over,
});

const guest = (over: Partial<GuestDto> = {}): GuestDto =>
  ({
    id: 'g1',
    fullName: 'Dana Levi',
    phoneNumber: '+972501234567',
    countOfInvites: 4,
    status: 'approved',
    attending: 3,
    inviteUrl: 'https://app.test/invite/abc',
    changedDecision: true,
    answer: { meals: { vegan: 2 }, transport: { option: 'Tel Aviv' }, comments: 'See you there!', answeredAt: '2030-07-05T09:05:00.000Z' },
    ...over,
  }) as GuestDto;

describe('answer history', () => {
  it('shows who answered, previous → new with a sentence for screen readers, and when (Israel time)', async () => {
    const html = await render('en', <AnswerHistoryList items={[item()]} eventId="ev1" label="Answers" />);
    expect(html).toContain('href="/event/ev1/guest/edit/g1"');
    expect(html).toContain('Dana Levi');
    expect(html).toContain('Answer changed from &quot;Coming&quot; to &quot;Not coming&quot;');
    expect(html).toContain('06/01/2030 00:30');
    expect(html).toContain('via personal link');
  });

  it('shows no change mark for a first answer, and the people, meals, transport and comment', async () => {
    const html = await render(
      'en',
      <AnswerHistoryList
        items={[item({ changed: false, previousStatus: null, status: 'approved', attending: 2, meals: { glatt: 1, vegan: 1 }, transport: { option: 'Haifa' }, comments: 'Yay', source: 'public' })]}
        eventId="ev1"
        label="Answers"
      />,
    );
    expect(html).not.toContain('status-change');
    expect(html).toContain('Glatt kosher (1) · Vegan (1)');
    expect(html).toContain('Haifa');
    expect(html).toContain('Yay');
    expect(html).toContain('via general link');
  });
});

describe('guest answer card', () => {
  it('shows the answer details and the changed-decision mark, in Hebrew', async () => {
    const html = await render('he', <GuestAnswerCard guest={guest()} />);
    expect(html).toContain('התשובה להזמנה');
    expect(html).toContain('שינו החלטה');
    expect(html).toContain('3/4');
    expect(html).toContain('טבעונית: 2');
    expect(html).toContain('05/07/2030 12:05');
  });

  it('shows transport and meals never asked (an answer by phone) as not asked yet, not as "none"', async () => {
    const answer = { meals: {}, transport: null, transportOpen: true, mealsOpen: true, comments: '', answeredAt: '2030-07-05T09:05:00.000Z' };
    const en = await render('en', <GuestAnswerCard guest={guest({ answer, changedDecision: false })} />);
    expect(en.match(/Not asked yet/g)).toHaveLength(2);
    expect(en).toContain('Transport');
    const he = await render('he', <GuestAnswerCard guest={guest({ answer, changedDecision: false })} />);
    expect(he).toContain('עוד לא נשאל');
    // Answered: the option, nothing open.
    const answered = await render('en', <GuestAnswerCard guest={guest({ answer: { ...answer, transport: { option: 'Haifa' }, transportOpen: false, mealsOpen: false } })} />);
    expect(answered).toContain('Haifa');
    expect(answered).not.toContain('Not asked yet');
  });

  it('says when there is no answer yet', async () => {
    const html = await render('en', <GuestAnswerCard guest={guest({ answer: null, changedDecision: false, status: 'inProgress', attending: null })} />);
    expect(html).toContain('No answer yet.');
    expect(html).not.toContain('Changed decision');
  });
});
