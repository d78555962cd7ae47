import pino from 'pino';
import { createAppContext } from '../../src/app-context.js';
import { loadConfig } from '../../src/platform/env.js';
import { createCallJobs, kickCallDispatch, runCallTick } from '../../src/modules/calls/engine/calls.jobs.js';
import { callSettings } from '../../src/modules/calls/engine/call-settings.js';

// A call worker process for the kill -9 test (calls-worker-restart.test.ts): the call jobs only, the voice provider
// from the environment (the fake Twilio), a short lease, and the recovery tick every second instead of every minute.
callSettings.leaseMs = Number(process.env.CALLS_LEASE_MS ?? 3_000);
const config = loadConfig();
const { ctx } = await createAppContext(config, { logger: pino({ level: 'silent' }), worker: false, jobPollingIntervalSeconds: 0.5 });
await ctx.jobs.work(createCallJobs(ctx));
await kickCallDispatch(ctx);
setInterval(() => void runCallTick(ctx).catch(() => undefined), 1_000);
process.stdout.write('ready\n');
