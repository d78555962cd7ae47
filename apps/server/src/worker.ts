import pino from 'pino';
import { createAppContext } from './app-context.js';
import { loadConfigOrExit } from './platform/env.js';
import { onUnhandledRejection } from './platform/process-guards.js';

/**
 * The job worker alone, for scaling out: it opens the database and the queue, and serves no HTTP.
 * Needs DATABASE_URL: the API process owns the embedded database's lifetime.
 */
const config = loadConfigOrExit();
if (!config.databaseUrl) {
  console.error('The standalone worker needs DATABASE_URL (a PostgreSQL shared with the API processes).');
  process.exit(1);
}
const logger = pino({ level: config.logLevel });
process.on('unhandledRejection', onUnhandledRejection(logger));
// The worker is the one that sends: it warns like the API process does.
if (config.messaging.sendingHours === 'always') logger.warn('messages are sent at any hour: development and tests only');
const { close } = await createAppContext(config, { logger, worker: true });
console.log('Magiim worker is running');
const stop = async () => {
  await close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
