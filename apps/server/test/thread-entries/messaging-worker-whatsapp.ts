import pino from 'pino';
import { createAppContext } from '../../src/app-context.js';
import { loadConfig } from '../../src/platform/env.js';
import { DELIVERY_TIMEOUT_JOB } from '../../src/modules/messaging/delivery/delivery.jobs.js';
import { kickDispatch } from '../../src/modules/messaging/engine/dispatch-job.js';
import { engineSettings } from '../../src/modules/messaging/engine/engine-settings.js';

// A worker process for the WhatsApp fault run (messaging-faults-whatsapp.test.ts): every job but the delivery
// timeout's (the test runs that sweep itself once all statuses are in), so webhooks stored by the test's API app
// are applied here; Meta is the fake (WHATSAPP_API_URL); a short lease and back-off.
engineSettings.claimLeaseMs = Number(process.env.MESSAGING_LEASE_MS ?? 3_000);
engineSettings.retryBaseMs = Number(process.env.MESSAGING_RETRY_BASE_MS ?? 50);
const config = loadConfig();
const { ctx, jobDefinitions } = await createAppContext(config, { logger: pino({ level: 'silent' }), worker: false, jobPollingIntervalSeconds: 0.5 });
await ctx.jobs.work(jobDefinitions.filter((job) => job.name !== DELIVERY_TIMEOUT_JOB));
await kickDispatch(ctx);
process.stdout.write('ready\n');
