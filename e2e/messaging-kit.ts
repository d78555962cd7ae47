import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningApp } from './harness.js';
import { callApi, type Host } from './host-fixtures.js';
import { plain } from './invitation-kit.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
type Tree = { [key: string]: string | Tree };
const load = (file: string): Tree => JSON.parse(readFileSync(path.join(root, 'apps/web/src/i18n', file), 'utf8')) as Tree;

/** A messaging text of the web app in `lang`, `{{values}}` filled, as `plain()` reads the page. */
export const msgText = (lang: string, key: string, values: Record<string, string | number> = {}): string => {
  const tree = { ...load(`locales/${lang}.json`), ...load(`features/messaging.${lang}.json`) };
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return plain(found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')));
};

const CONFIRMED = { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true };

/** Pays for the event through the API and the sandbox provider's form (the checkout journey has its own test). */
export const payForEventViaApi = async (app: RunningApp, host: Host, eventId: string): Promise<void> => {
  const { checkoutUrl } = (await callApi(app, host, 'POST', `/orders/${eventId}`, { packageId: 1, inviteeCount: 100, confirmations: CONFIRMED })) as { checkoutUrl: string };
  const url = new URL(checkoutUrl, app.url);
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=pay', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`sandbox payment: ${res.status} ${await res.text()}`);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { progressStatus: number };
    if (event.progressStatus > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the event did not become paid');
};
