import pino from 'pino';
import { createAppContext } from '../../src/app-context.js';
import { loadConfig } from '../../src/platform/env.js';
import { kickDispatch } from '../../src/modules/messaging/engine/dispatch-job.js';
import { engineSettings } from '../../src/modules/messaging/engine/engine-settings.js';
import { createMessagingJobs } from '../../src/modules/messaging/messaging.jobs.js';
import { createFileChannel } from '../messaging/file-channels.js';

// A messaging worker process for the kill -9 test: file-recorded channels, a short lease, the real jobs.
const file = process.env.MESSAGING_RECORD_FILE ?? '';
engineSettings.claimLeaseMs = Number(process.env.MESSAGING_LEASE_MS ?? 2_000);
const config = loadConfig();
const { ctx } = await createAppContext(config, { logger: pino({ level: 'silent' }), worker: false, jobPollingIntervalSeconds: 0.5 });
ctx.messaging.whatsapp = createFileChannel(3, file, 2);
ctx.messaging.sms = createFileChannel(1, file, 2);
await ctx.jobs.work(createMessagingJobs(ctx));
await kickDispatch(ctx);
process.stdout.write('ready\n');
