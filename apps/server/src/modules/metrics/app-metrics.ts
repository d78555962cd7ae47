import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../platform/db.js';

/** Each statement of a scrape gives up after this (a slow scrape must never hold the API's pool). */
export const SCRAPE_STATEMENT_TIMEOUT_MS = 2_000;
/** Messages and call attempts are counted over this window (by created_at / placed_at, both indexed). */
export const RECENT_WINDOW_HOURS = 24;

/** Outbox channel numbers (spec §3) as label values. */
const CHANNEL_NAMES: Record<number, string> = { 1: 'sms', 2: 'call', 3: 'whatsapp' };

/** The label of requests no route took (404s): never the raw URL, which may carry ids and tokens. */
export const UNMATCHED_ROUTE = '(unmatched)';

interface DatabaseFigures {
  queues: { name: string; waiting: number; active: number; oldestSeconds: number }[];
  messages: { channel: number; state: string; count: number }[];
  calls: { status: string; count: number }[];
}

/**
 * The process's metrics in a registry of its own (test apps in one process never collide in prom-client's global
 * registry). HTTP figures are observed as requests end; pool, queue, message and call figures are read at scrape time.
 */
export const createAppMetrics = (database: Pick<Database, 'pool'>) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // The pool is read when scraped (the `pool` property is looked up each time: it is the live one).
  new Gauge({
    name: 'db_pool_clients_total',
    help: 'Connections the API pool holds (busy and idle).',
    registers: [registry],
    collect() {
      this.set(database.pool.totalCount);
    },
  });
  new Gauge({
    name: 'db_pool_clients_idle',
    help: 'Idle connections in the API pool.',
    registers: [registry],
    collect() {
      this.set(database.pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of the API pool (above 0 for long: raise DB_POOL_SIZE or find the slow query).',
    registers: [registry],
    collect() {
      this.set(database.pool.waitingCount);
    },
  });

  const queueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs per queue: waiting (created or due for retry, including ones scheduled later) and active.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'job_queue_oldest_ready_seconds',
    help: 'Per queue, how long the oldest job ready to run has waited since it became due (0: none waiting).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const messages = new Gauge({
    name: 'messages_recent',
    help: `Guest messages queued in the last ${RECENT_WINDOW_HOURS} hours, by channel and current state.`,
    labelNames: ['channel', 'state'] as const,
    registers: [registry],
  });
  const calls = new Gauge({
    name: 'call_attempts_recent',
    help: `Call attempts placed in the last ${RECENT_WINDOW_HOURS} hours, by current status.`,
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'metrics_database_scrape_errors_total',
    help: 'Scrapes whose database figures (queues, messages, calls) could not be read in time; the last ones read are shown.',
    registers: [registry],
  });

  let reading: Promise<DatabaseFigures> | undefined;

  const readDatabaseFigures = async (): Promise<DatabaseFigures> => {
    const client = await database.pool.connect();
    try {
      await client.query('begin read only');
      await client.query(`set local statement_timeout = ${SCRAPE_STATEMENT_TIMEOUT_MS}`);
      // Every queue pg-boss knows (an empty one shows 0, not a missing series). pg-boss keeps only live jobs in
      // pgboss.job (finished ones are archived within a minute); waiting ones are on its partial index
      // (name, start_after) where state < 'active'.
      const queues = await client.query<{ name: string; waiting: number; active: number; oldest: number | null }>(
        `select q.name,
                count(j.id) filter (where j.state < 'active')::int as waiting,
                count(j.id) filter (where j.state = 'active')::int as active,
                extract(epoch from now() - min(j.start_after) filter (where j.state < 'active' and j.start_after <= now()))::float8 as oldest
           from pgboss.queue q
           left join pgboss.job j on j.name = q.name and j.state < 'completed'
          group by q.name`,
      );
      const recent = `now() - interval '${RECENT_WINDOW_HOURS} hours'`;
      const outbox = await client.query<{ channel: number; state: string; count: number }>(
        `select channel, state, count(*)::int as count from outbox_messages where created_at > ${recent} group by channel, state`,
      );
      const attempts = await client.query<{ status: string; count: number }>(
        `select status, count(*)::int as count from call_attempts where placed_at > ${recent} group by status`,
      );
      await client.query('commit');
      return {
        queues: queues.rows.map((row) => ({ name: row.name, waiting: row.waiting, active: row.active, oldestSeconds: Math.max(0, row.oldest ?? 0) })),
        messages: outbox.rows,
        calls: attempts.rows,
      };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  const applyDatabaseFigures = (figures: DatabaseFigures) => {
    queueDepth.reset();
    queueAge.reset();
    messages.reset();
    calls.reset();
    for (const queue of figures.queues) {
      queueDepth.set({ queue: queue.name, state: 'waiting' }, queue.waiting);
      queueDepth.set({ queue: queue.name, state: 'active' }, queue.active);
      queueAge.set({ queue: queue.name }, queue.oldestSeconds);
    }
    for (const row of figures.messages) messages.set({ channel: CHANNEL_NAMES[row.channel] ?? String(row.channel), state: row.state }, row.count);
    for (const row of figures.calls) calls.set({ status: row.status }, row.count);
  };

  /** Reads the database figures (scrapes that arrive together share one read), then renders every metric. */
  const scrape = async (): Promise<string> => {
    reading ??= readDatabaseFigures().finally(() => {
      reading = undefined;
    });
    try {
      applyDatabaseFigures(await reading);
    } catch {
      // The figures of the last good read stay; the counter tells the read failed.
      scrapeErrors.inc();
    }
    return registry.metrics();
  };

  const observeRequest = (method: string, route: string | undefined, status: number, seconds: number) => {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    requests.inc({ ...labels, status: String(status) });
    durations.observe(labels, seconds);
  };

  return { registry, contentType: registry.contentType, scrape, observeRequest };
};

export type AppMetrics = ReturnType<typeof createAppMetrics>;
