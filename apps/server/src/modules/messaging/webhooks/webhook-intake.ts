import type { AppContext } from '../../../platform/context.js';
import type { WebhookSource } from '../../../db/schema/webhooks.js';
import { insertWebhookBatch } from './webhook-inbox.repository.js';
import { kickWebhookProcessor } from './webhooks.jobs.js';

/** Rows per INSERT, and INSERTs in flight at once (each one a transaction: its commit is the answer's wait). */
const BATCH_MAX = 100;
const LANES_MAX = 3;

type Waiting = { source: WebhookSource; bodyHash: string; body: string; resolve: (stored: boolean) => void; reject: (error: unknown) => void };

/**
 * Webhooks arriving together share one INSERT: a request waits for the commit of the statement holding its body
 * (so a 200 still means stored), but hundreds per second cost a few commits, not hundreds. Nothing is held back
 * on purpose: a body goes with the next statement, which starts as soon as a lane is free.
 */
const createIntake = (ctx: AppContext) => {
  let waiting: Waiting[] = [];
  let lanes = 0;
  let scheduled = false;

  const flush = async () => {
    lanes += 1;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, BATCH_MAX);
        waiting = waiting.slice(batch.length);
        try {
          const stored = await insertWebhookBatch(ctx.database.pool, batch);
          if (stored.size > 0) kickWebhookProcessor(ctx);
          // An exact replay in the same statement: the first of the two is the one stored.
          for (const item of batch) item.resolve(stored.delete(`${item.source}:${item.bodyHash}`));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      lanes -= 1;
    }
  };

  const schedule = () => {
    if (scheduled || lanes >= LANES_MAX) return;
    scheduled = true;
    // Bodies parsed in the same turn of the event loop go together.
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };

  return (source: WebhookSource, bodyHash: string, body: string): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ source, bodyHash, body, resolve, reject });
      schedule();
    });
};

const intakes = new WeakMap<AppContext, ReturnType<typeof createIntake>>();

/** Stores a verified webhook (true: new, false: an exact replay) and kicks the processor; resolves once committed. */
export const storeWebhook = (ctx: AppContext, source: WebhookSource, bodyHash: string, body: string): Promise<boolean> => {
  let intake = intakes.get(ctx);
  if (!intake) {
    intake = createIntake(ctx);
    intakes.set(ctx, intake);
  }
  return intake(source, bodyHash, body);
};
