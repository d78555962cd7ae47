import type { RunningApp } from './harness.js';
import { callApi, type Host } from './host-fixtures.js';
import { waitFor } from './wait-for.js';

/** Every box of the checkout's confirmation step ticked. */
const CONFIRMED = { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true };

/**
 * Orders a package for the event through the API, pays on the sandbox provider's form and waits until the event
 * shows it paid with that package (the order may settle after the form has answered). The checkout journey tests
 * the screens; this is for journeys that start from a paid event.
 */
export const payViaSandbox = async (app: RunningApp, host: Host, eventId: string, order: { packageId: number; inviteeCount: number }): Promise<void> => {
  const { checkoutUrl } = (await callApi(app, host, 'POST', `/orders/${eventId}`, { ...order, confirmations: CONFIRMED })) as { checkoutUrl: string };
  const res = await fetch(new URL(checkoutUrl, app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=pay',
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox payment: ${res.status} ${await res.text()}`);
  await waitFor(async () => {
    const event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { progressStatus: number; orderPackageId: number | null };
    return event.progressStatus > 0 && event.orderPackageId === order.packageId ? true : undefined;
  }, `the event did not become paid with package ${order.packageId}`);
};
