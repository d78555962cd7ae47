import type { CallReport as CallReportData, CallReportItem } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { callReportKeys, callReportUrl, guestCallsUrl } from '../report-api';
import { CallReport, callAccessOf, ReportTable, reportFilters } from './call-report';
import { answerText, callResultOf, describeCall, formatDuration } from './call-round-status';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const item = (overrides: Partial<CallReportItem>): CallReportItem => ({
  guestId: '00000000-0000-4000-8000-000000000001',
  fullName: 'Dana Levi',
  phoneNumber: '0501111011',
  lang: 'he',
  result: 'queued',
  reason: null,
  attempts: [],
  nextAttemptAt: null,
  answer: null,
  ...overrides,
});

const answered = item({
  guestId: '00000000-0000-4000-8000-000000000001',
  fullName: 'Dana Levi',
  result: 'answered',
  attempts: [{ attempt: 1, startedAt: '2027-03-14T08:05:00.000Z', durationSeconds: 42, result: 'answered' }],
  answer: { status: 'approved', attending: 2 },
});
const retrying = item({
  guestId: '00000000-0000-4000-8000-000000000002',
  fullName: 'יוסי מזרחי',
  phoneNumber: '0501111015',
  result: 'retrying',
  attempts: [
    { attempt: 1, startedAt: '2027-03-14T08:05:00.000Z', durationSeconds: null, result: 'busy' },
    { attempt: 2, startedAt: '2027-03-14T10:05:00.000Z', durationSeconds: 75, result: 'voicemail' },
  ],
  nextAttemptAt: '2027-03-14T14:05',
});
const noAnswer = item({
  guestId: '00000000-0000-4000-8000-000000000003',
  fullName: 'Rina',
  phoneNumber: '0501111014',
  result: 'noAnswer',
  reason: 'noAnswer',
  attempts: [1, 2, 3].map((attempt) => ({ attempt, startedAt: '2027-03-14T08:05:00.000Z', durationSeconds: null, result: 'noAnswer' as const })),
});

const report = (overrides: Partial<CallReportData> = {}): CallReportData => ({
  state: 'running',
  totals: { queued: 0, calling: 0, retrying: 1, answered: 1, noAnswer: 1, failed: 0, skipped: 0 },
  total: 3,
  items: [answered, retrying, noAnswer],
  ...overrides,
});

const wrap = async (lang: 'he' | 'en', node: React.ReactNode, data?: CallReportData) => {
  await setLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (data) client.setQueryData(callReportKeys.page('ev1', 0, null), data);
  const router = createMemoryRouter([{ path: '/event/:id/call-messages', element: node }], { initialEntries: ['/event/ev1/call-messages'] });
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

describe('call round mapping', () => {
  it("reads the call's outbox row as the host's result: waiting, calling, answered, no answer after 3 tries, failed, not called", () => {
    expect(callResultOf({ state: 'queued', reason: null })).toBe('queued');
    // Queued again between tries (the last try's reason on it): waiting for the next try, as the report counts it;
    // "calling" is a call on the wire only (issue 27 §2).
    expect(callResultOf({ state: 'queued', reason: 'busy' })).toBe('retrying');
    expect(callResultOf({ state: 'sent', reason: null })).toBe('calling');
    expect(callResultOf({ state: 'delivered', reason: null })).toBe('answered');
    expect(callResultOf({ state: 'failed', reason: 'noAnswer' })).toBe('noAnswer');
    expect(callResultOf({ state: 'failed', reason: 'busy' })).toBe('failed');
    expect(callResultOf({ state: 'skipped', reason: 'answered' })).toBe('skipped');
  });

  it('describes a call in words (not colour alone), with the reason of a failed or skipped call only', async () => {
    await setLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(describeCall(t, { result: 'calling', reason: null })).toBe('Call: Calling');
    expect(describeCall(t, { result: 'retrying', reason: 'busy' })).toBe('Call: Waiting for the next try');
    expect(describeCall(t, { result: 'noAnswer', reason: 'noAnswer' })).toBe('Call: No answer after 3 tries');
    expect(describeCall(t, { result: 'skipped', reason: 'answered' })).toBe('Call: Not called, reason: answered meanwhile');
    expect(describeCall(t, { result: 'skipped', reason: 'optedOut' })).toBe('Call: Not called, reason: asked not to get messages');
    expect(describeCall(t, { result: 'failed', reason: '21215' })).toBe('Call: Call failed, reason: the phone service refused the call (code 21215)');
    expect(describeCall(t, { result: 'failed', reason: 'unknownCall' })).toBe('Call: Call failed, reason: the phone service lost track of the call');
    expect(describeCall(t, { result: 'skipped', reason: 'wrongNumber' })).not.toContain('code');
    expect(describeCall(t, { result: 'answered', reason: 'whatever' })).toBe('Call: Answered');
    await setLanguage('he');
    expect(describeCall(i18n.t.bind(i18n), { result: 'noAnswer', reason: 'noAnswer' })).toBe('שיחה: לא ענה אחרי 3 ניסיונות');
  });

  it('formats lengths and keypad answers', async () => {
    await setLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(formatDuration(t, null)).toBeNull();
    expect(formatDuration(t, 42)).toBe('42 sec');
    expect(formatDuration(t, 65)).toBe('1:05');
    expect(answerText(t, null)).toBeNull();
    expect(answerText(t, { status: 'approved', attending: 2 })).toBe('Coming · people: 2');
    expect(answerText(t, { status: 'declined', attending: null })).toBe('Not coming');
    expect(answerText(t, { status: 'maybe', attending: null })).toBe('Not sure');
  });

  it('turns the totals into filters: all, then each result that has guests (and the chosen one even at zero)', () => {
    const totals = { queued: 0, calling: 2, retrying: 0, answered: 5, noAnswer: 0, failed: 1, skipped: 0 };
    expect(reportFilters(totals, null)).toEqual([
      { result: null, count: 8 },
      { result: 'calling', count: 2 },
      { result: 'answered', count: 5 },
      { result: 'failed', count: 1 },
    ]);
    expect(reportFilters(totals, 'noAnswer').map((filter) => filter.result)).toContain('noAnswer');
  });

  it('asks for one page with the filter', () => {
    expect(callReportUrl('ev1', 50, 50, 'answered')).toBe('/calls/report/ev1?offset=50&limit=50&result=answered');
    expect(callReportUrl('ev1', 0, 50, null)).toBe('/calls/report/ev1?offset=0&limit=50');
  });

  it("asks for one guest's row with the guest filter (the guest's history)", () => {
    expect(guestCallsUrl('ev1', 'g1')).toBe('/calls/report/ev1?guestId=g1&limit=1');
  });
});

describe('CallReport', () => {
  it('shows the totals as filters and a card per guest with every try, the next try and the answer (phone width, en)', async () => {
    const html = await wrap('en', <CallReport eventId="ev1" />, report());
    expect(html).toContain('data-state="running"');
    expect(html).toContain('Updating while the calls run');
    expect(html).toMatch(/data-testid="call-filter-all"[\s\S]*?<bdi dir="ltr"[^>]*>3<\/bdi>/);
    for (const result of ['retrying', 'answered', 'noAnswer']) expect(html).toContain(`data-testid="call-filter-${result}"`);
    expect(html).not.toContain('data-testid="call-filter-calling"');
    // The guest between tries: "Next try at 14:05" (Asia/Jerusalem, as the report gives it), the time isolated.
    expect(html).toContain('Next try at \u206614:05\u2069');
    expect(html).not.toContain('data-testid="call-filter-failed"');
    expect(html.match(/data-testid="call-report-row"/g)).toHaveLength(3);
    expect(html.match(/data-testid="call-attempt"/g)).toHaveLength(6);
    expect(html).toContain('Voicemail – hung up');
    expect(html).toContain('Busy');
    // Phones and minute lengths are isolated; a seconds length reads with the page.
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>050-111-1015<\/bdi>|<bdi dir="ltr"[^>]*>050[^<]*1015<\/bdi>/);
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>1:15<\/bdi>/);
    expect(html).toContain('42 sec');
    expect(html).toContain('Coming · people: 2');
    expect(html).toContain('Next try');
    expect(html).toContain('No answer after 3 tries');
    // No pager for one page.
    expect(html).not.toContain('data-testid="call-report-range"');
  });

  it('pages by 50 with the range isolated, and says when the round has not started (he)', async () => {
    const many = await wrap('he', <CallReport eventId="ev1" />, report({ total: 120 }));
    expect(many).toContain('ניסיון הבא ב-\u206614:05\u2069');
    expect(many).toMatch(/data-testid="call-report-range"[^>]*><bdi dir="ltr"[^>]*>1–50<\/bdi> מתוך <bdi dir="ltr"[^>]*>120<\/bdi>/);
    const none = await wrap('he', <CallReport eventId="ev1" />, report({ state: 'scheduled', total: 0, items: [], totals: { queued: 0, calling: 0, retrying: 0, answered: 0, noAnswer: 0, failed: 0, skipped: 0 } }));
    expect(none).toContain('data-testid="call-report-empty"');
    expect(none).toContain('href="/event/ev1/guest/timing"');
    expect(none).not.toContain('data-testid="call-report-row"');
  });

  it('says why a round cannot start: premium needed (upgrade) or calls off (event settings), not "start it from timing"', async () => {
    const empty = report({ state: 'scheduled', total: 0, items: [], totals: { queued: 0, calling: 0, retrying: 0, answered: 0, noAnswer: 0, failed: 0, skipped: 0 } });
    const basic = await wrap('he', <CallReport eventId="ev1" access="premium" />, empty);
    expect(basic).toContain('data-access="premium"');
    expect(basic).toContain('href="/pricing/ev1"');
    expect(basic).toContain('פרימיום');
    expect(basic).not.toContain('href="/event/ev1/guest/timing"');
    const off = await wrap('en', <CallReport eventId="ev1" access="notIncluded" />, { ...empty, state: 'disabled' });
    expect(off).toContain('data-access="notIncluded"');
    expect(off).toContain('href="/event/ev1/settings/rsvp"');
    expect(off).toContain('Calls are off for this event.');
    expect(off).not.toContain('href="/event/ev1/guest/timing"');
    // A round that ran stays visible whatever the package is now.
    expect(await wrap('en', <CallReport eventId="ev1" access="premium" />, report())).not.toContain('data-testid="call-report-empty"');
    expect(callAccessOf({ orderPackageId: 1, includeCallsPreference: true })).toBe('premium');
    expect(callAccessOf({ orderPackageId: null, includeCallsPreference: true })).toBe('premium');
    expect(callAccessOf({ orderPackageId: 2, includeCallsPreference: false })).toBe('notIncluded');
    expect(callAccessOf({ orderPackageId: 2, includeCallsPreference: true })).toBe('on');
  });

  it('draws a table on a wide screen with a column per fact and the result chip with its reason', async () => {
    const failed = item({ guestId: '00000000-0000-4000-8000-000000000009', result: 'skipped', reason: 'answered' });
    const html = await wrap('en', <ReportTable items={[answered, failed]} lang="en" />);
    expect(html).toContain('data-testid="call-report-table"');
    for (const head of ['Guest', 'Phone', 'Result', 'Tries', 'Next try', 'Answer']) expect(html).toContain(`>${head}</th>`);
    expect(html).toMatch(/data-result="skipped"[\s\S]*answered meanwhile/);
    expect(html).toContain('Not called yet');
  });
});
