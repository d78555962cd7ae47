import type { ActionTimingsResponse, EventDto, MessageFunnel } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import type { EventOutletContext } from '../../events/use-event';
import { messagingKeys } from '../api';
import { MessageFunnelCards } from '../components/message-funnel-card';
import { ActionTimingPage } from './action-timing-page';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const event = { id: 'ev1', names: { en: 'Wedding' }, defaultLang: 'en', progressStatus: 1, includeCallsPreference: true, orderPackageId: 2 } as unknown as EventDto;

const timings = (callsState: ActionTimingsResponse['actions'][number]['state']): ActionTimingsResponse => ({
  paused: false,
  sendingHours: 'always',
  actions: [
    { action: 'round1', sendAt: '2027-01-09T10:00', enabled: true, custom: false, state: 'done', startedAt: '2027-01-09T08:00:00.000Z' },
    { action: 'calls', sendAt: '2027-01-16T11:00', enabled: callsState !== 'disabled', custom: false, state: callsState, startedAt: null },
  ],
});

const render = async (node: React.ReactNode, seed: (client: QueryClient) => void, eventOverrides: Partial<EventDto> = {}) => {
  await setLanguage('en');
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  const context: EventOutletContext = { event: { ...event, ...eventOverrides } };
  const router = createMemoryRouter([{ path: '/event/:id', element: <Outlet context={context} />, children: [{ path: 'x', element: node }] }], { initialEntries: ['/event/ev1/x'] });
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

describe('the timing screen and the call round', () => {
  it('offers "Call now" on the calls row when the event is premium with calls, with the 10–20 window', async () => {
    const html = await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), timings('scheduled')));
    const calls = section(html, 'timing-calls');
    expect(calls).toContain('Call now');
    expect(calls).toContain('data-testid="call-window"');
    expect(calls).not.toContain('data-testid="call-report-link"');
    // The message rounds keep their own "Start now" (round 1 is done here: none).
    expect(section(html, 'timing-round1')).not.toContain('data-testid="start-action"');
  });

  it('links a running or finished round to its report instead, and hides calls off premium or without calls', async () => {
    const running = await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), timings('running')));
    expect(section(running, 'timing-calls')).toContain('href="/event/ev1/call-messages#call-report"');
    expect(section(running, 'timing-calls')).not.toContain('Call now');
    expect(section(running, 'timing-calls')).toContain('Calling');
    const basic = await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), timings('scheduled')), { orderPackageId: 1 });
    expect(basic).not.toContain('data-testid="timing-calls"');
    const noCalls = await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), timings('scheduled')), { includeCallsPreference: false });
    expect(noCalls).not.toContain('data-testid="timing-calls"');
  });

  it('offers "only to guests with a gift recorded" on the thank-you alone, on while it is on, locked once it started', async () => {
    const withThanks = (state: 'scheduled' | 'done', onlyGivers: boolean): ActionTimingsResponse => ({
      ...timings('scheduled'),
      actions: [...timings('scheduled').actions, { action: 'thanks', sendAt: '2027-02-01T10:00', enabled: true, custom: false, state, startedAt: null, onlyGivers }],
    });
    const html = await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), withThanks('scheduled', true)));
    const thanks = section(html, 'timing-thanks');
    expect(thanks).toContain('Only to guests with a gift recorded');
    expect(thanks).toMatch(/data-testid="thanks-only-givers-switch"[^>]*checked=""|checked=""[^>]*data-testid="thanks-only-givers-switch"/);
    expect(section(html, 'timing-round1')).not.toContain('thanks-only-givers');
    const done = section(await render(<ActionTimingPage />, (client) => client.setQueryData(messagingKeys.timing('ev1'), withThanks('done', false))), 'timing-thanks');
    expect(done).toMatch(/data-testid="thanks-only-givers-switch"[^>]*disabled=""|disabled=""[^>]*data-testid="thanks-only-givers-switch"/);
    expect(done).not.toMatch(/checked=""[^>]*data-testid="thanks-only-givers-switch"|data-testid="thanks-only-givers-switch"[^>]*checked=""/);
  });

  it("gives the call round its own funnel card: placed, picked up, answered, not reached — no 'read', no resend", async () => {
    const funnel: MessageFunnel = {
      actions: [
        { action: 'round1', frozen: 4, sent: 4, delivered: 3, read: 2, answered: 1, failed: 0, byChannel: { '3': { sent: 4, delivered: 3, read: 2, failed: 0 } } },
        { action: 'calls', frozen: 3, sent: 3, delivered: 2, read: 0, answered: 2, failed: 1, byChannel: { '2': { sent: 3, delivered: 2, read: 0, failed: 1 } } },
      ],
      stopped: false,
    };
    const html = await render(<MessageFunnelCards eventId="ev1" enabled />, (client) => client.setQueryData(messagingKeys.funnel('ev1'), funnel));
    const calls = section(html, 'funnel-card-calls');
    for (const label of ['Guests to call', 'Calls placed', 'Picked up', 'Answered', 'Not reached']) expect(calls).toContain(label);
    expect(calls).not.toContain('data-testid="funnel-read"');
    expect(calls).not.toContain('data-testid="resend-unread"');
    expect(calls).not.toContain('data-testid="retry-failed"');
    expect(calls).toContain('href="/event/ev1/call-messages#call-report"');
    // The message round's card keeps its resend buttons.
    expect(section(html, 'funnel-card-round1')).toContain('data-testid="resend-unread"');
  });
});
