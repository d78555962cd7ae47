// `npm run bench:checkout`: BENCH_HOSTS (50) hosts pay for their events at once through a local fake Cardcom
// (PAYMENT_PROVIDER=cardcom, CARDCOM_API_URL → the fake), on the app built from source in this process, over
// real HTTP: order → hosted page → pay (the fake posts its webhook to our callback and redirects) → the success
// page's poll of GET orders/{id}. Checks that no order was charged twice and none is left pending; prints the
// wall time and p50/p95 per checkout. Database: the embedded PostgreSQL in a fresh DATA_DIR, or a fresh database
// on DATABASE_URL's server when it is set (dropped afterwards).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, todayInBusinessZone, type CreateOrderResponse, type Order } from '@magiim/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { startFakeCardcom } from '../apps/server/test/fake-cardcom.js';
import { API_HEADERS, fmt, freePort } from './bench-server.js';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 50);
const GUESTS_PER_EVENT = 5;
/** Cardcom may call a webhook more than once: each page's webhook is sent this many times in all. */
const WEBHOOKS_PER_PAGE = 2;
const POLL_MS = 100;
const POLL_LIMIT_MS = 30_000;

let dropDatabase = async () => {};
let databaseUrl = '';
if (process.env.DATABASE_URL) {
  const name = `magiim_bench_checkout_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const fake = await startFakeCardcom();
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgc-')),
  APP_URL: appUrl,
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  ...fake.env(),
});
const built = await buildApp(config, { logger: false });
const place = { placeId: 'bench-hall', name: 'Bench Hall', address: 'Tel Aviv', lat: 32.08, lng: 34.78 };
// The event needs a place the provider knows; the offline dataset or Google is not what is measured here.
built.ctx.places = { name: 'bench', suggest: async () => [], details: async (id) => (id === place.placeId ? place : null) };
await built.app.listen({ port, host: '127.0.0.1' });

const call = async <T>(method: string, route: string, token: string | null, body?: unknown): Promise<T> => {
  const res = await fetch(`${appUrl}/api${route}`, {
    method,
    headers: { ...(body === undefined ? { 'x-platform': 'web' } : API_HEADERS), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** Registered, verified (through the dev mailbox), signed in, with an event and a few guests: through the API. */
const setUpHost = async (index: number): Promise<{ token: string; eventId: string }> => {
  const email = `bench.checkout.${Date.now()}.${index}@example.com`;
  const password = 'Chuppah-2026';
  await call('POST', '/auth/register', null, { fullName: `Bench Host ${index}`, email, password, confirmPassword: password, acceptTerms: true, isAdult: true, lang: 'he' });
  let verifyToken: string | undefined;
  for (let i = 0; i < 300 && !verifyToken; i++) {
    const mail = await call<{ messages: { text: string }[] }>('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`, null);
    verifyToken = /\/verify-email\/([\w-]+)/.exec(mail.messages[0]?.text ?? '')?.[1];
    if (!verifyToken) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!verifyToken) throw new Error(`no verification e-mail for ${email}`);
  await call('POST', '/auth/verifyEmail', null, { token: verifyToken });
  const { accessToken } = await call<{ accessToken: string }>('POST', '/auth/login', null, { email, password });
  const today = todayInBusinessZone();
  const { id: eventId } = await call<{ id: string }>('POST', '/event/newEvent', accessToken, {
    names: { he: `חתונה ${index}`, en: `Wedding ${index}` },
    date: addDays(today, 60),
    time: '19:30',
    location: { placeId: place.placeId },
    defaultLang: 'he',
    langs: ['he', 'en'],
    rsvpStartDate: addDays(today, 40),
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  });
  for (let g = 0; g < GUESTS_PER_EVENT; g++) {
    const n = 1_000_000 + index * 100 + g;
    await call('POST', `/guests/new/${eventId}`, accessToken, { fullName: `Guest ${index}-${g}`, phoneNumber: `052-${String(n).slice(-7, -4)}-${String(n).slice(-4)}` });
  }
  return { token: accessToken, eventId };
};

/** One host's checkout, as the browser does it; answers the milliseconds from "Pay" on our page to "paid" seen. */
const checkout = async (host: { token: string; eventId: string }, index: number) => {
  const started = performance.now();
  const packageId = index % 2 === 0 ? 1 : 2;
  const { order, checkoutUrl } = await call<CreateOrderResponse>('POST', `/orders/${host.eventId}`, host.token, {
    packageId,
    inviteeCount: 100,
    confirmations: { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true },
  });
  const pageId = new URL(checkoutUrl).pathname.slice('/pay/'.length);
  const page = await fetch(checkoutUrl);
  if (!page.ok) throw new Error(`hosted page: ${page.status}`);
  await page.text();
  const submitted = await fake.submit(pageId, 'pay');
  if (submitted.status !== 302 || !submitted.location?.includes('/success?')) throw new Error(`pay: ${submitted.status} ${submitted.location}`);
  // A duplicate webhook, while the success page polls.
  const duplicate = fake.sendWebhook(pageId, { times: WEBHOOKS_PER_PAGE - 1 });
  let seen: Order | undefined;
  while (performance.now() - started < POLL_LIMIT_MS) {
    seen = await call<Order>('GET', `/orders/${order.id}`, host.token);
    if (seen.status !== 'pending' && seen.status !== 'created') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const ms = performance.now() - started;
  await duplicate;
  return { orderId: order.id, total: order.total, status: seen?.status, ms };
};

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

let failed = false;
try {
  const setupStarted = performance.now();
  const hosts: { token: string; eventId: string }[] = [];
  // Ten at a time: the set-up is not what is measured.
  for (let i = 0; i < HOSTS; i += 10) hosts.push(...(await Promise.all(Array.from({ length: Math.min(10, HOSTS - i) }, (_, k) => setUpHost(i + k)))));
  console.log(`set-up: ${HOSTS} hosts, each verified with an event and ${GUESTS_PER_EVENT} guests, in ${(performance.now() - setupStarted).toFixed(0)} ms`);
  console.log(`database: ${databaseUrl ? 'a fresh database on DATABASE_URL' : 'embedded PostgreSQL'}; provider: cardcom → fake at ${fake.url}\n`);

  const wallStarted = performance.now();
  const results = await Promise.all(hosts.map((host, i) => checkout(host, i)));
  const wallMs = performance.now() - wallStarted;

  const times = results.map((r) => r.ms);
  const { rows } = await built.ctx.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from orders group by status order by status`);
  const statuses = Object.fromEntries(rows.map((row) => [row.status, row.n]));
  const chargedTwice = fake.chargedTwice();
  const notPaid = results.filter((r) => r.status !== 'paid');
  const mismatched = results.filter((r) => fake.chargesOfOrder(r.orderId) !== 1);
  const webhooks = fake.webhooks.length;
  const webhookFailures = fake.webhooks.filter((w) => !w.ok).length;

  console.log(`== ${HOSTS} checkouts at once (order → hosted page → pay → webhook → success-page poll)`);
  console.log(`wall time                         ${fmt(wallMs)} ms`);
  console.log(`per checkout p50                  ${fmt(percentile(times, 0.5))} ms`);
  console.log(`per checkout p95                  ${fmt(percentile(times, 0.95))} ms`);
  console.log(`per checkout max                  ${fmt(Math.max(...times))} ms`);
  console.log(`charges at the fake               ${fmt(fake.totalCharges())}`);
  console.log(`orders charged twice              ${fmt(chargedTwice.length)}`);
  console.log(`webhooks delivered (failed)       ${fmt(webhooks)} (${webhookFailures})`);
  console.log(`orders by status                  ${JSON.stringify(statuses)}`);

  if (chargedTwice.length || mismatched.length) {
    failed = true;
    console.error(`FAIL: charged other than once: ${[...new Set([...chargedTwice, ...mismatched.map((r) => r.orderId)])].join(', ')}`);
  }
  if (notPaid.length || (statuses['pending'] ?? 0) > 0 || (statuses['created'] ?? 0) > 0 || statuses['paid'] !== HOSTS) {
    failed = true;
    console.error(`FAIL: not paid: ${notPaid.map((r) => `${r.orderId}=${r.status}`).join(', ') || JSON.stringify(statuses)}`);
  }
  if (!failed) console.log('\nOK: every order paid exactly once, none pending.');
} finally {
  await built.close();
  await fake.close();
  await dropDatabase();
}
process.exit(failed ? 1 : 0);
