import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';

/** The built app, a browser and a Hebrew host with one event and one guest: what the first-screen tests open. */
export interface FirstScreenHost {
  app: RunningApp;
  browser: Browser;
  host: Host;
  eventId: string;
}

/**
 * Starts the built app and a browser before the file's tests and stops them after; signs up a host (`tag` names
 * the account) with the event "החתונה של נועה" and its guest. Read the fields inside tests, once set up.
 */
export const useFirstScreenHost = (tag: string): FirstScreenHost => {
  const state = {} as FirstScreenHost;
  beforeAll(async () => {
    state.app = await startBuiltApp({ RATE_LIMITS: 'off' });
    state.browser = await launchBrowser();
    state.host = await signUpHost(state.app, 'he', tag);
    state.eventId = await createEventViaApi(state.app, state.host, { lang: 'he', name: 'החתונה של נועה' });
    await addGuestViaApi(state.app, state.host, state.eventId, { fullName: 'דנה לוי', phoneNumber: '0521234567', countOfInvites: 2 });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.app?.stop();
  });
  return state;
};
