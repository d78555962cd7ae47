import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/env.js';

/** Serves the API and the web app; runs the job worker too unless started with --no-worker. */
const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const worker = !process.argv.includes('--no-worker');
  const { app, close, ctx } = await buildApp(config, { worker });
  await app.listen({ port: config.port, host: config.host });
  const shown = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  console.log(`Magiim is running on ${shown} (database: ${ctx.database.embedded ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`);
  if (config.devMailbox) console.log(`Sent e-mail is kept in the dev mailbox: ${shown}/dev/mailbox`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

await main();
