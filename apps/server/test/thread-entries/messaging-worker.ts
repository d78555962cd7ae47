import pino from 'pino';
import { createAppContext } from '../../src/app-context.js';
import { loadConfig } from '../../src/platform/env.js';
import { kickDispatch } from '../../src/modules/messaging/engine/dispatch-job.js';
import { engineSettings } from '../../src/modules/messaging/engine/engine-settings.js';
import { createMessagingJobs } from '../../src/modules/messaging/messaging.jobs.js';

// A messaging worker process for the kill -9 test: the sandbox channels (their record: DATA_DIR/sandbox/sent.jsonl),
// a short lease, the real jobs.
engineSettings.claimLeaseMs = Number(process.env.MESSAGING_LEASE_MS ?? 2_000);
const config = loadConfig();
const { ctx } = await createAppContext(config, { logger: pino({ level: 'silent' }), worker: false, jobPollingIntervalSeconds: 0.5 });
await ctx.jobs.work(createMessagingJobs(ctx));
await kickDispatch(ctx);
process.stdout.write('ready\n');
