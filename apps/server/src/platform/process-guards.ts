import type { FastifyBaseLogger } from 'fastify';

/** PostgreSQL ended the session (admin shutdown, crash shutdown, not accepting yet) or the link to it broke. */
const CONNECTION_CUT = new Set(['57P01', '57P02', '57P03']);

export const isDatabaseConnectionCut = (reason: unknown): boolean => {
  if (!(reason instanceof Error)) return false;
  const code = (reason as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CUT.has(code) || code.startsWith('08'))) return true;
  return /^Connection terminated/.test(reason.message);
};

type Logger = Pick<FastifyBaseLogger, 'warn' | 'fatal'>;

/**
 * What a promise rejected with nobody listening does to the process. pg-boss 10 marks a finished job complete
 * without awaiting it (its manager's onFetch), so PostgreSQL restarting or failing over at that moment used to stop
 * the whole process on an unhandled rejection. That one is logged and the process carries on: the job stays active
 * until its lease expires and is then retried like any job cut off midway (sends are kept to once per key), and the
 * pools open new connections. Any other unhandled rejection is a fault: logged, then the process exits as Node would.
 */
export const onUnhandledRejection =
  (logger: Logger, exit: (code: number) => void = (code) => process.exit(code)) =>
  (reason: unknown): void => {
    if (isDatabaseConnectionCut(reason)) {
      logger.warn({ err: reason }, 'a database connection was cut off while nobody waited on it; carrying on');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection: stopping');
    exit(1);
  };
