import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { MESSAGING_TEST_ENV, paidEventWithGuests } from '../src/modules/messaging/engine/engine-test-kit.js';
import { DEFAULT_TEXTS } from '../src/modules/messaging/templates/default-texts.js';
import { startFakeWhatsApp, type FakeWhatsApp } from './fake-whatsapp.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createWorkerProcesses } from './worker-processes.js';
import { readSandboxSent } from './sandbox-sent-record.js';

/**
 * The set-up the WhatsApp fault runs share (messaging-faults-whatsapp and messaging-faults-reach): Meta's Cloud API
 * faked with signed status webhooks into the api, a paid event of `guests` guests with an approved invitation
 * template, and worker processes to start and kill. `closeFaultRuns` in afterAll.
 */
const apps: TestApp[] = [];
const workerSets: ReturnType<typeof createWorkerProcesses>[] = [];
const fakes: FakeWhatsApp[] = [];

export const closeFaultRuns = async () => {
  for (const workers of workerSets) workers.killAll();
  for (const fake of fakes) await fake.close();
  for (const app of apps.reverse()) await app.close().catch(() => {});
};

export interface FaultRunOptions {
  seed: number;
  guests: number;
  templateName: string;
  deliveryTimeoutMinutes: number;
  /** Sends per second of the workers: slow enough that the kills land while the round is going. */
  ratePerSecond: number;
}

export const startWhatsAppFaultRun = async (options: FaultRunOptions) => {
  let webhookTarget: TestApp | null = null;
  const fake = await startFakeWhatsApp({
    seed: options.seed,
    autoStatuses: ['sent', 'delivered'],
    // A request left hanging is cut after 300 ms, well inside the 3 s lease.
    hangMs: 300,
    deliverWebhook: async (raw, signature) => {
      if (!webhookTarget) throw new Error('app not ready');
      const res = await webhookTarget.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: raw,
      });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
    },
  });
  fakes.push(fake);
  const env = {
    ...MESSAGING_TEST_ENV,
    ...fake.env,
    WHATSAPP_DAILY_RECIPIENTS: '100000',
    // Statuses a killed worker had claimed come free after this (production: 60 s, which this run would wait out).
    WEBHOOK_LEASE_SECONDS: '10',
    WHATSAPP_DELIVERY_TIMEOUT_MINUTES: String(options.deliveryTimeoutMinutes),
  };
  const api = await createTestApp(env, { worker: false });
  webhookTarget = api;
  apps.push(api);
  // An in-process worker sends the host's sign-up e-mail, then stops: only the killed processes send the round.
  const mailer = await createTestApp(env, { worker: true }, api);
  const { eventId, guests } = await paidEventWithGuests(api, options.guests);
  await mailer.close();
  const template = fake.addApprovedTemplate(options.templateName, 'he');
  await api.ctx.db.execute(sql`
    insert into whatsapp_templates (event_id, purpose, round, lang, source, text, with_image, name, provider_id, status, category, submitted_at, reviewed_at)
    values (${eventId}::uuid, 'invitation', 1, 'he', 'default', ${DEFAULT_TEXTS.invitation.he}, false, ${template.name}, ${template.id}, 'approved',
      'MARKETING', now(), now())`);
  const processes = createWorkerProcesses('messaging-worker-whatsapp.ts', {
    ...env,
    WHATSAPP_RATE_PER_SECOND: String(options.ratePerSecond),
    NODE_ENV: 'test',
    DATABASE_URL: api.config.databaseUrl,
    DATA_DIR: api.config.dataDir,
    APP_URL: 'http://magiim.test',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    MESSAGING_LEASE_MS: '3000',
  });
  workerSets.push(processes);
  /** Send requests the fake has seen, whatever their answer. */
  const requests = () => fake.counts.accepted + fake.counts.error + fake.counts.timeout + fake.counts.reset;
  return { fake, api, env, eventId, guests, processes, requests };
};

/** Waits on the observed event (sends recorded, rows settled) until the deadline, an instant. */
export const waitUntil = (what: string, check: () => Promise<boolean> | boolean, deadline: number) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`${what} not reached in time`);
    },
    { timeout: Math.max(0, deadline - Date.now()), interval: 200 },
  );

/** The SMS lines the sandbox recorded (sent.jsonl). */
export const sandboxSmsRecord = (api: TestApp): { channel: number; to: string; outboxId: string }[] => {
  return readSandboxSent(api.config.dataDir).filter((record) => record.channel === 1);
};

export const countBy = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

/** Messages each guest got across WhatsApp (the fake's record) and SMS (the sandbox's), per phone. */
export const messagesPerPhone = (fake: FakeWhatsApp, api: TestApp) => {
  const smsRecord = sandboxSmsRecord(api);
  const whatsappByPhone = countBy(fake.sent.map((m) => `+${m.to}`));
  const smsByPhone = countBy(smsRecord.map((r) => r.to));
  const of = (phone: string) => (whatsappByPhone.get(phone) ?? 0) + (smsByPhone.get(phone) ?? 0);
  return { smsRecord, whatsappByPhone, smsByPhone, of };
};
