import type { RunningApp } from './harness.js';
import { callApi, type Host } from './host-fixtures.js';
import { payViaSandbox } from './payment-kit.js';
import { waitFor } from './wait-for.js';
import { appTexts } from './app-texts.js';


/** A text of the web app in `lang` (core, messaging and call round), `{{values}}` filled, as `plain()` reads the page. */
export const callText = appTexts(['call-round', 'messaging']);

interface Packages {
  packages: { id: number; includesCalls: boolean; tiers: { inviteeCount: number }[] }[];
}

/** Buys the premium package (the one that includes calls) through the API and the sandbox provider's form. */
export const payPremiumViaApi = async (app: RunningApp, host: Host, eventId: string): Promise<number> => {
  const offer = (await callApi(app, host, 'GET', `/packages/${eventId}`)) as Packages;
  const premium = offer.packages.find((item) => item.includesCalls && item.id !== 1);
  if (!premium) throw new Error('no premium package on offer');
  await payViaSandbox(app, host, eventId, { packageId: premium.id, inviteeCount: premium.tiers[0]!.inviteeCount });
  return premium.id;
};

/** Turns calls on for the event (spec §7 `event/includeCallsPreference/{id}`). */
export const includeCalls = async (app: RunningApp, host: Host, eventId: string): Promise<void> => {
  await callApi(app, host, 'POST', `/event/includeCallsPreference/${eventId}`, { includeCalls: true });
};

export interface CallReportPage {
  state: string;
  totals: Record<string, number>;
  total: number;
  items: { guestId: string; fullName: string; result: string; reason: string | null; attempts: { attempt: number; result: string | null }[]; answer: unknown }[];
}

export const callReportViaApi = async (app: RunningApp, host: Host, eventId: string): Promise<CallReportPage> =>
  (await callApi(app, host, 'GET', `/calls/report/${eventId}?limit=200`)) as CallReportPage;

/** Waits (polling the report) until `done(report)` holds; throws with the last report after `timeoutMs`. */
export const waitForCallReport = async (
  app: RunningApp,
  host: Host,
  eventId: string,
  done: (report: CallReportPage) => boolean,
  timeoutMs = 60_000,
): Promise<CallReportPage> => {
  let last: CallReportPage | null = null;
  return waitFor(
    async () => {
      last = await callReportViaApi(app, host, eventId);
      return done(last) ? last : undefined;
    },
    () => `call report never reached the expected state: ${JSON.stringify(last)}`,
    { timeoutMs, intervalMs: 100 },
  );
};
