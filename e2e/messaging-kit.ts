import type { RunningApp } from './harness.js';
import type { Host } from './host-fixtures.js';
import { payViaSandbox } from './payment-kit.js';
import { appTexts } from './app-texts.js';


/** A messaging text of the web app in `lang`, `{{values}}` filled, as `plain()` reads the page. */
export const msgText = appTexts(['messaging']);

/** Pays for the event (the messages package, 100 invitees) through the API and the sandbox provider's form. */
export const payForEventViaApi = (app: RunningApp, host: Host, eventId: string): Promise<void> =>
  payViaSandbox(app, host, eventId, { packageId: 1, inviteeCount: 100 });
