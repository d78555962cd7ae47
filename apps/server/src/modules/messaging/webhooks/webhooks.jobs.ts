import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { confirmSmsStatuses, processWebhooks, smsRecheckJob } from './webhook-processing.js';
import { claimStaleSmsRows, hasPendingWebhooks, pruneWebhooks } from './webhook-inbox.repository.js';

/** A process kicks the processor at most this often (the route must not queue a job per webhook). */
export const KICK_EVERY_MS = 250;
/** SMS rows with no final report are asked about once they are this stale, if sent within these days. */
const SMS_STALE_MINUTES = 10;
const SMS_CHECK_WITHIN_DAYS = 3;
const SMS_CHECK_BATCH = 500;
const SMS_CHECK_BATCHES = 10;
const INBOX_KEEP_DAYS = 7;
const EVENT_KEYS_KEEP_DAYS = 30;

export const webhookProcessJob = (ctx: AppContext): JobDefinition<object> => ({
  name: 'messaging.webhooks.process',
  schema: NO_PAYLOAD,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  handle: async () => {
    if ((await processWebhooks(ctx)).more) await ctx.jobs.send(webhookProcessJob(ctx), {});
  },
});

type Kicker = { kick: () => void; settled: () => Promise<void> };
const kickers = new WeakMap<AppContext, Kicker>();

/**
 * Leading and trailing edge: the first webhook after a quiet spell kicks at once; during a burst one kick per
 * KICK_EVERY_MS follows the last. Never awaited by the route (a failed kick is logged; the sweep catches up).
 */
const createKicker = (ctx: AppContext): Kicker => {
  let lastAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let fired: Promise<void> | null = null;
  let inflight: Promise<unknown> = Promise.resolve();
  const send = () => {
    lastAt = Date.now();
    inflight = ctx.jobs.send(webhookProcessJob(ctx), {}).catch((error: unknown) => ctx.logger.warn({ err: error }, 'webhook processor kick failed; the sweep will pick it up'));
  };
  const kick = () => {
    if (timer) return;
    const wait = lastAt + KICK_EVERY_MS - Date.now();
    if (wait <= 0) return send();
    fired = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        timer = null;
        fired = null;
        send();
        resolve();
      }, wait);
      timer.unref();
    });
  };
  const settled = async () => {
    while (fired) await fired;
    await inflight;
  };
  return { kick, settled };
};

const kickerOf = (ctx: AppContext): Kicker => {
  let kicker = kickers.get(ctx);
  if (!kicker) {
    kicker = createKicker(ctx);
    kickers.set(ctx, kicker);
  }
  return kicker;
};

export const kickWebhookProcessor = (ctx: AppContext): void => kickerOf(ctx).kick();

/** Resolves once no kick is due any more and the last one's job is queued (tests: the trailing edge has come). */
export const webhookKicksSettled = (ctx: AppContext): Promise<void> => kickerOf(ctx).settled();

/** SMS rows still `sent` after a while: their outcome asked of the provider (pushed reports can be lost). */
export const checkStaleSmsRows = async (ctx: AppContext): Promise<number> => {
  if (!ctx.messaging.sms.queryStatus) return 0;
  let moved = 0;
  for (let batch = 0; batch < SMS_CHECK_BATCHES; batch++) {
    const rows = await claimStaleSmsRows(ctx.db, SMS_CHECK_BATCH, SMS_STALE_MINUTES, SMS_CHECK_WITHIN_DAYS);
    if (rows.length === 0) break;
    moved += await confirmSmsStatuses(ctx, rows);
    if (rows.length < SMS_CHECK_BATCH) break;
  }
  return moved;
};

/** Applies stored webhooks, confirms SMS reports by query, prunes old webhook rows. */
export const createWebhookJobs = (ctx: AppContext): JobDefinition<object>[] => [
  webhookProcessJob(ctx),
  // Pushed 019 reports the status query did not confirm yet: their rows asked about again (about 1, 5, 15 minutes).
  smsRecheckJob(ctx) as JobDefinition<object>,
  {
    // A lost kick (a process that died between the insert and the kick) waits at most a minute.
    name: 'messaging.webhooks.sweep',
    schema: NO_PAYLOAD,
    retryLimit: 0,
    retryDelaySeconds: 30,
    cron: '* * * * *',
    handle: async () => {
      if (await hasPendingWebhooks(ctx.db)) await ctx.jobs.send(webhookProcessJob(ctx), {});
    },
  },
  {
    name: 'messaging.sms.status-check',
    schema: NO_PAYLOAD,
    retryLimit: 1,
    retryDelaySeconds: 60,
    cron: '*/3 * * * *',
    handle: async () => {
      const moved = await checkStaleSmsRows(ctx);
      if (moved > 0) ctx.logger.info({ moved }, 'SMS status query moved rows');
    },
  },
  {
    name: 'messaging.webhooks.prune',
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 300,
    cron: '25 4 * * *',
    handle: async () => {
      const pruned = await pruneWebhooks(ctx.db, INBOX_KEEP_DAYS, EVENT_KEYS_KEEP_DAYS);
      ctx.logger.info(pruned, 'old webhooks pruned');
    },
  },
];
