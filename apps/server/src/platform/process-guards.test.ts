import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseConnectionCut, onUnhandledRejection } from './process-guards.js';

/** The error node-postgres gives a query whose session PostgreSQL ends (what a restart or failover does). */
const sessionEndedByServer = async (): Promise<unknown> => {
  const adminUrl = inject('adminDatabaseUrl');
  const victim = new pg.Client({ connectionString: adminUrl });
  const killer = new pg.Client({ connectionString: adminUrl });
  // The ended session's socket closes too; without a listener that is an 'error' event nobody handles.
  victim.on('error', () => undefined);
  await Promise.all([victim.connect(), killer.connect()]);
  try {
    const pid = ((await victim.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    // The victim's query waits on a lock the killer holds: it is still running when its session is ended.
    const LOCK = 7_310_431;
    await killer.query('select pg_advisory_lock($1)', [LOCK]);
    const waiting = victim.query('select pg_advisory_lock($1)', [LOCK]).then(
      () => new Error('the query was not cut off'),
      (error: unknown) => error,
    );
    await expect
      .poll(async () => (await killer.query(`select 1 from pg_locks where pid = $1 and locktype = 'advisory' and not granted`, [pid])).rows.length, {
        timeout: 10_000,
        interval: 10,
        message: 'the query did not start waiting on the lock',
      })
      .toBeGreaterThan(0);
    await killer.query('select pg_terminate_backend($1)', [pid]);
    return await waiting;
  } finally {
    await killer.end();
    await victim.end().catch(() => undefined);
  }
};

const recorder = () => {
  const seen: { level: 'warn' | 'fatal'; message: string }[] = [];
  const exits: number[] = [];
  const logger = {
    warn: (_: unknown, message: string) => void seen.push({ level: 'warn', message }),
    fatal: (_: unknown, message: string) => void seen.push({ level: 'fatal', message }),
  } as unknown as Parameters<typeof onUnhandledRejection>[0];
  return { seen, exits, handle: onUnhandledRejection(logger, (code) => void exits.push(code)) };
};

describe('an unhandled rejection in the API or worker process', () => {
  it('from a database session PostgreSQL ended is logged and the process carries on', async () => {
    const error = await sessionEndedByServer();
    expect((error as { code?: string }).code).toBe('57P01');
    expect(isDatabaseConnectionCut(error)).toBe(true);
    const { seen, exits, handle } = recorder();
    handle(error);
    expect(seen.map((line) => line.level)).toEqual(['warn']);
    expect(exits).toEqual([]);
  });

  it('of any other kind is logged as fatal and stops the process', () => {
    const { seen, exits, handle } = recorder();
    handle(new Error('a bug'));
    handle(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }));
    handle('not even an error');
    expect(seen.map((line) => line.level)).toEqual(['fatal', 'fatal', 'fatal']);
    expect(exits).toEqual([1, 1, 1]);
  });
});
