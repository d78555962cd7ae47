import { buildApp } from './app.js';
import { loadConfig } from './platform/env.js';

/** The job worker alone, for scaling out: it serves no HTTP. Needs DATABASE_URL (a shared database). */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The standalone worker needs DATABASE_URL: the embedded database lives inside the main process.');
  process.exit(1);
}
const { close } = await buildApp(config, { worker: true });
console.log('Magiim worker is running');
const stop = async () => {
  await close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
