import { parseArgs, type ParseArgsConfig } from 'node:util';
import pino from 'pino';
import { createAppContext } from '../../app-context.js';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.js';
import type { Config } from '../../platform/env.js';
import type { AppContext } from '../../platform/context.js';
import { listRuns, type RetentionRunRow } from './retention.repository.js';
import { runRetention, type RetentionCounts } from './retention.service.js';

type Output = { out: (line: string) => void; err: (line: string) => void };

export const RETENTION_USAGE = `Usage:
  npm run admin -- retention run [--dry-run]   run the retention job now and print what it erased (--dry-run: only count)
  npm run admin -- retention runs [count]      list the last runs (default 10)`;

const COUNT_LABELS: [keyof RetentionCounts, string][] = [
  ['events', 'events erased'],
  ['guests', 'guests'],
  ['answers', 'answers'],
  ['messages', 'messages'],
  ['callAttempts', 'call attempts'],
  ['images', 'images'],
  ['expenses', 'expenses'],
  ['accountsWarned', 'accounts warned'],
  ['accountsErased', 'accounts erased'],
];

export const describeCounts = (counts: Partial<Record<keyof RetentionCounts, number>>): string[] =>
  COUNT_LABELS.map(([key, label]) => `  ${label.padEnd(16)} ${counts[key] ?? 0}`);

const describeRun = (run: RetentionRunRow): string => {
  const counts = COUNT_LABELS.map(([key]) => `${key}=${run.counts[key] ?? 0}`).join(' ');
  const state = run.finishedAt ? `${run.durationMs ?? 0} ms` : 'unfinished';
  return `${run.startedAt.toISOString()}  ${run.trigger.padEnd(5)}  ${state}  ${counts}${run.error ? `  error: ${run.error}` : ''}`;
};

/**
 * The app's context on the configured database (DATABASE_URL, or the embedded server under DATA_DIR, left running
 * when it already was): the run deletes image files and queues e-mail exactly as the worker would. The queued
 * warning e-mails are sent by the app's worker.
 */
const openContext = async (config: Config): Promise<{ ctx: AppContext; close(): Promise<void> }> => {
  const logger = pino({ level: 'error' }, pino.destination(2));
  if (config.databaseUrl) {
    const { ctx, close } = await createAppContext(config, { logger, worker: false });
    return { ctx, close };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, password: config.secrets.databasePassword });
  try {
    const { ctx, close } = await createAppContext({ ...config, databaseUrl: embedded.connectionString }, { logger, worker: false });
    return {
      ctx,
      close: async () => {
        await close();
        if (!embedded.reused) await embedded.stop();
      },
    };
  } catch (error) {
    if (!embedded.reused) await embedded.stop();
    throw error;
  }
};

/** `npm run admin -- retention …` (args after "retention"): 0 done, 1 refused or failed, 2 bad command line. */
export const runRetentionCli = async (
  args: string[],
  loadConfig: () => Config,
  output: Output,
  options: { now?: Date } = {},
): Promise<number> => {
  const [command, ...rest] = args;
  const read = (options: ParseArgsConfig['options']): { values: Record<string, unknown>; positionals: string[] } | null => {
    try {
      return parseArgs({ args: rest, options, strict: true, allowPositionals: true });
    } catch {
      return null;
    }
  };
  const run = command === 'run' ? read({ 'dry-run': { type: 'boolean' } }) : null;
  const runs = command === 'runs' ? read({}) : null;
  let work: (ctx: AppContext) => Promise<number>;
  if (run && run.positionals.length === 0) {
    const dryRun = run.values['dry-run'] === true;
    work = async (ctx) => {
      const result = await runRetention(ctx, { trigger: 'cli', dryRun, ...(options.now ? { now: options.now } : {}) });
      if (!result.ran) {
        output.err('Another retention run is in progress; nothing was done. Try again when it ends.');
        return 1;
      }
      output.out(dryRun ? 'Retention dry run: nothing was erased; a run now would erase:' : `Retention run done in ${result.durationMs} ms:`);
      describeCounts(result.counts).forEach((line) => output.out(line));
      if (dryRun) output.out('  (accounts warned: accounts a run now would warn by e-mail)');
      if (result.error) {
        output.err(`Some items failed (the rest was done): ${result.error}`);
        return 1;
      }
      return 0;
    };
  } else if (runs && runs.positionals.length <= 1 && (runs.positionals[0] === undefined || /^[1-9]\d{0,2}$/.test(runs.positionals[0]))) {
    const limit = Number(runs.positionals[0] ?? 10);
    work = async (ctx) => {
      const runs = await listRuns(ctx.db, limit);
      if (!runs.length) output.out('No retention runs yet.');
      runs.forEach((run) => output.out(describeRun(run)));
      return 0;
    };
  } else {
    output.err(command === undefined || command === 'help' ? RETENTION_USAGE : `Unknown command "retention ${args.join(' ')}".\n${RETENTION_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  let opened;
  try {
    opened = await openContext(config);
  } catch (error) {
    output.err(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    return await work(opened.ctx);
  } finally {
    await opened.close();
  }
};
