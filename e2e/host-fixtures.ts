import { vi } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { addDays, LANGUAGES, todayInBusinessZone, type Lang } from '@magiim/shared';
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
export const contextWithSession = async (
  browser: Browser,
  host: Host,
  lang: string,
  options: { acceptDownloads?: boolean; locale?: string } = {},
): Promise<BrowserContext> => {
  const context = await browser.newContext({ acceptDownloads: options.acceptDownloads ?? false, ...(options.locale ? { locale: options.locale } : {}) });
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

export const INVITATION_EVENT_NAMES: Record<Lang, string> = {
  he: 'החתונה של נועה ודניאל',
  en: "Noa & Daniel's wedding",
  ru: 'Свадьба Ноа и Даниэля',
  ar: 'حفل زفاف نوعا ودانيال',
};
/** Pickup points as the host wrote them (one text for every language). */
export const TRANSPORT_OPTIONS = ['תל אביב, תחנת ארלוזורוב', 'חיפה, חוף הכרמל'];
export const MEAL_OPTIONS = ['vegetarian', 'vegan', 'gluten_free'] as const;

/** A 1200×800 lilac invitation picture with the brand's rings, made by sharp (the server's image library). */
export const invitationImage = async (): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F3F0FF"/><stop offset="1" stop-color="#FBE9EE"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <circle cx="540" cy="420" r="150" fill="none" stroke="#E8B64C" stroke-width="18"/>
    <circle cx="660" cy="420" r="150" fill="none" stroke="#6457E6" stroke-width="18"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/**
 * An event in all four languages (Hebrew by default) in Haifa, asking every guest about special meals and
 * transport, with an invitation image when given one (sent as the wizard sends it: multipart `data` + `image`).
 */
export const createInvitationEventViaApi = async (app: RunningApp, host: Host, options: { image?: Buffer; daysAway?: number } = {}): Promise<string> => {
  const [place] = (await callApi(app, host, 'GET', `/places/suggest?q=${encodeURIComponent('חיפה')}&lang=he`)) as { placeId: string }[];
  const date = addDays(todayInBusinessZone(), options.daysAway ?? 60);
  const data = {
    names: INVITATION_EVENT_NAMES,
    date,
    time: '19:30',
    location: { placeId: place!.placeId },
    defaultLang: 'he',
    langs: [...LANGUAGES],
    rsvpStartDate: addDays(date, -14),
    meals: { ask: 'all_guests', options: [...MEAL_OPTIONS] },
    transport: { ask: 'all_guests', options: TRANSPORT_OPTIONS },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  };
  if (!options.image) return ((await callApi(app, host, 'POST', '/event/newEvent', data)) as { id: string }).id;
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('image', new Blob([new Uint8Array(options.image)], { type: 'image/png' }), 'invitation.png');
  const res = await fetch(`${app.url}/api/event/newEvent`, {
    method: 'POST',
    headers: { 'x-platform': 'web', authorization: `Bearer ${host.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`newEvent with image: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
};

export interface GuestOnList {
  id: string;
  fullName: string;
  phoneNumber: string;
  countOfInvites: number;
  status: string;
  attending: number | null;
  viewedCount: number;
  inviteUrl: string;
  answer: { meals: Record<string, number>; transport: { option: string } | null; comments: string } | null;
  changedDecision: boolean;
}

/** A guest added by the host; the answer carries the guest's personal `inviteUrl`. */
export const addGuestViaApi = async (
  app: RunningApp,
  host: Host,
  eventId: string,
  guest: { fullName: string; phoneNumber: string; countOfInvites?: number; lang?: Lang },
): Promise<GuestOnList> => (await callApi(app, host, 'POST', `/guests/new/${eventId}`, guest)) as GuestOnList;

export const getGuestViaApi = async (app: RunningApp, host: Host, eventId: string, guestId: string): Promise<GuestOnList> =>
  (await callApi(app, host, 'GET', `/guests/${eventId}/${guestId}`)) as GuestOnList;

const PHONE_UA = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' };
const viewFences = new WeakMap<RunningApp, Promise<{ host: Host; eventId: string; guest: GuestOnList; views: number }>>();

/**
 * Every invitation view counted so far is written (the server counts views in memory and writes them in batches,
 * in order): a guest of a host of its own, viewed by nobody else, is opened once more and waited for in the
 * database. A view that must not count is then proved absent, and one that must count, present.
 */
export const viewsWritten = async (app: RunningApp): Promise<void> => {
  let fence = viewFences.get(app);
  if (!fence) {
    fence = (async () => {
      const host = await signUpHost(app, 'en', 'view-fence');
      const eventId = await createEventViaApi(app, host, { lang: 'en', name: 'View fence' });
      const guest = await addGuestViaApi(app, host, eventId, { fullName: 'Fence Guest', phoneNumber: '052-555-9901' });
      return { host, eventId, guest, views: 0 };
    })();
    viewFences.set(app, fence);
  }
  const state = await fence;
  const opened = await fetch(state.guest.inviteUrl, { headers: PHONE_UA });
  await opened.text();
  state.views += 1;
  // Waits on the fence view's row, with a deadline.
  await vi.waitFor(
    async () => {
      const { viewedCount } = await getGuestViaApi(app, state.host, state.eventId, state.guest.id);
      if (viewedCount < state.views) throw new Error('the fence view was not written within 15 s');
    },
    { timeout: 15_000, interval: 100 },
  );
};
