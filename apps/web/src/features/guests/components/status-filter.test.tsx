import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { GuestStatusChip } from './guest-status-chip';
import { StatusFilter } from './status-filter';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const render = async (lang: 'he' | 'en', node: ReactNode) => {
  await setLanguage(lang);
  return renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>).replace(/<style[^>]*>.*?<\/style>/g, '');
};
const chips = (html: string) => [...html.matchAll(/data-testid="filter-(\w+)"/g)].map((match) => match[1]);

describe('StatusFilter', () => {
  it('leaves out "not invited yet" while it is everyone, the same figure as "all"', async () => {
    const html = await render('en', <StatusFilter counts={{ all: 30, pending: 30 }} value="all" onChange={() => {}} />);
    expect(chips(html)).toEqual(['all']);
    expect(html).not.toMatch(/payment/i);
  });

  it('shows it, last of the statuses, once some guests are past it', async () => {
    const html = await render('he', <StatusFilter counts={{ all: 30, pending: 26, approved: 3, declined: 1 }} value="all" onChange={() => {}} />);
    expect(chips(html)).toEqual(['all', 'approved', 'declined', 'pending']);
    expect(html).toContain('טרם הוזמנו');
  });
});

describe('GuestStatusChip', () => {
  it('is a quiet dash in the list for a guest not invited yet, named for screen readers', async () => {
    const html = await render('en', <GuestStatusChip status="pending" quietPending />);
    expect(html).toContain('aria-hidden="true">–</span>');
    expect(html).toContain('Not invited yet');
    expect(await render('en', <GuestStatusChip status="pending" />)).toContain('>Not invited yet<');
  });
});
