import type { Browser, BrowserContext } from 'playwright-core';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { E2E_PASSWORD, linkPathFrom, registerViaApi, uniqueEmail, type RunningApp } from './harness.js';

/** Hosts and events made through the API, for journeys that start after sign-up (sign-up has its own). */
export const API_HEADERS = { 'content-type': 'application/json', 'x-platform': 'web' };

export interface Host {
  token: string;
  session: { accessToken: string; userData: unknown; userAbility: unknown };
}

/** A registered, verified and signed-in host. */
export const signUpHost = async (app: RunningApp, lang: 'he' | 'en', prefix: string): Promise<Host> => {
  const email = uniqueEmail(`${prefix}-${lang}`);
  await registerViaApi(app, email, { fullName: 'Noa Cohen', lang });
  const token = linkPathFrom(await app.waitForMail(email), 'verify-email').split('/').pop()!;
  await fetch(`${app.url}/api/auth/verifyEmail`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ token }) });
  const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ email, password: E2E_PASSWORD }) });
  const session = (await login.json()) as Host['session'];
  return { token: session.accessToken, session };
};

/** An API call as the host; throws with the answer on anything but 2xx. */
export const callApi = async (app: RunningApp, host: Host, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${app.url}/api${url}`, {
    method,
    headers: { ...API_HEADERS, authorization: `Bearer ${host.token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
};

/** An event in `lang` two or three months away in Haifa, asking nothing extra. */
export const createEventViaApi = async (app: RunningApp, host: Host, options: { lang: 'he' | 'en'; name: string; daysAway?: number }): Promise<string> => {
  const { lang, name } = options;
  const [place] = (await callApi(app, host, 'GET', `/places/suggest?q=${encodeURIComponent(lang === 'he' ? 'חיפה' : 'Haifa')}&lang=${lang}`)) as { placeId: string }[];
  const date = addDays(todayInBusinessZone(), options.daysAway ?? 60);
  const event = (await callApi(app, host, 'POST', '/event/newEvent', {
    names: { [lang]: name },
    date,
    time: '19:30',
    location: { placeId: place!.placeId },
    defaultLang: lang,
    langs: [lang],
    rsvpStartDate: addDays(date, -14),
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  })) as { id: string };
  return event.id;
};

/** A browser context signed in as the host from its first page; later pages keep what the app stored. */
export const contextWithSession = async (browser: Browser, host: Host, lang: string, options: { acceptDownloads?: boolean } = {}): Promise<BrowserContext> => {
  const context = await browser.newContext({ acceptDownloads: options.acceptDownloads ?? false });
  await context.addInitScript(
    ({ session, chosen }) => {
      if (localStorage.getItem('e2eHost') === session.accessToken) return;
      localStorage.setItem('e2eHost', session.accessToken);
      localStorage.setItem('accessToken', session.accessToken);
      localStorage.setItem('userData', JSON.stringify(session.userData));
      localStorage.setItem('userAbility', JSON.stringify(session.userAbility));
      localStorage.setItem('lang', chosen);
    },
    { session: host.session, chosen: lang },
  );
  return context;
};
