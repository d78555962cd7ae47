import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningApp } from './harness.js';
import { callApi, type Host } from './host-fixtures.js';
import { plain } from './invitation-kit.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
type Tree = { [key: string]: string | Tree };
const load = (file: string): Tree => JSON.parse(readFileSync(path.join(root, 'apps/web/src/i18n', file), 'utf8')) as Tree;

/** A text of the web app in `lang` (core, messaging and call round), `{{values}}` filled, as `plain()` reads the page. */
export const callText = (lang: string, key: string, values: Record<string, string | number> = {}): string => {
  const tree = { ...load(`locales/${lang}.json`), ...load(`features/messaging.${lang}.json`), ...load(`features/call-round.${lang}.json`) };
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return plain(found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')));
};

const CONFIRMED = { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true };

interface Packages {
  packages: { id: number; includesCalls: boolean; tiers: { inviteeCount: number }[] }[];
}

/** Buys the premium package (the one that includes calls) through the API and the sandbox provider's form. */
export const payPremiumViaApi = async (app: RunningApp, host: Host, eventId: string): Promise<number> => {
  const offer = (await callApi(app, host, 'GET', `/packages/${eventId}`)) as Packages;
  const premium = offer.packages.find((item) => item.includesCalls && item.id !== 1);
  if (!premium) throw new Error('no premium package on offer');
  const inviteeCount = premium.tiers[0]!.inviteeCount;
  const { checkoutUrl } = (await callApi(app, host, 'POST', `/orders/${eventId}`, { packageId: premium.id, inviteeCount, confirmations: CONFIRMED })) as { checkoutUrl: string };
  const res = await fetch(new URL(checkoutUrl, app.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=pay', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`sandbox payment: ${res.status} ${await res.text()}`);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { progressStatus: number; orderPackageId: number | null };
    if (event.progressStatus > 0 && event.orderPackageId === premium.id) return premium.id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the event did not become premium');
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
  const until = Date.now() + timeoutMs;
  let last: CallReportPage | null = null;
  while (Date.now() < until) {
    last = await callReportViaApi(app, host, eventId);
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`call report never reached the expected state: ${JSON.stringify(last)}`);
};
