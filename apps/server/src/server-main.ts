import { buildApp } from './app.js';
import { clusterLayoutOf } from './platform/embedded-postgres-layout.js';
import { loadConfigOrExit, type Config } from './platform/env.js';
import { onUnhandledRejection } from './platform/process-guards.js';

/** Which channels are real and which the sandbox (its dev page outside production). */
const messagesLine = (config: Config, shown: string): string => {
  const whatsapp = config.whatsapp.provider === 'whatsapp-cloud' ? 'WhatsApp by Meta' : 'sandbox WhatsApp';
  const sms = config.sms.provider === '019' ? 'SMS by 019' : 'sandbox SMS';
  const anySandbox = config.whatsapp.provider === 'sandbox' || config.sms.provider === 'sandbox';
  const where = anySandbox && config.nodeEnv !== 'production' ? ` (sandbox messages: ${shown}/dev/sandbox; they never leave this machine)` : '';
  return `  Messages:           ${whatsapp}, ${sms}${where}`;
};

/** Serves the API and the web app; runs the job worker too unless started with --no-worker. */
const main = async () => {
  const config = loadConfigOrExit();
  const worker = !process.argv.includes('--no-worker');
  const { app, close, ctx } = await buildApp(config, { worker });
  process.on('unhandledRejection', onUnhandledRejection(app.log));
  // Named in production, the sandbox sells for nothing: say so where the operator looks.
  if (config.payment.provider === 'sandbox' && config.payment.explicit) app.log.warn('payments are in sandbox mode: nothing is charged');
  if (config.messaging.sendingHours === 'always') app.log.warn('messages are sent at any hour: development and tests only');
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.port} on ${config.host} is in use: stop what uses it, or set PORT.`
        : `Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host);
  const shown = `http://${local ? 'localhost' : config.host}:${config.port}`;
  const cluster = clusterLayoutOf(config.dataDir);
  const lines = [
    '',
    `  Magiim is running:  ${shown}`,
    `  Data:               ${ctx.database.embedded ? `${config.dataDir} (embedded PostgreSQL)` : 'PostgreSQL at DATABASE_URL'}`,
    // As root the cluster may live where the postgres user can reach it: say where, so it is backed up with DATA_DIR.
    ctx.database.embedded && cluster.relocated ? `  Database files:     ${cluster.pgData}` : '',
    config.devMailbox ? `  Sent e-mail:        ${shown}/dev/mailbox (no SMTP_URL set, so nothing leaves this machine)` : '',
    worker ? '' : '  Jobs:               not handled here (--no-worker); run worker.js beside it',
    config.payment.provider === 'sandbox' ? `  Payments:           sandbox (${shown}/dev/payment/…): nothing is charged; PAYMENT_PROVIDER=cardcom takes real payments` : '',
    messagesLine(config, shown),
    '  Stop:               Ctrl-C',
    '',
  ];
  console.log(lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n'));
  let stopping = false;
  const stop = async () => {
    // A second Ctrl-C while stopping leaves at once (the embedded database then keeps running until next start).
    if (stopping) process.exit(1);
    stopping = true;
    try {
      await close();
      process.exit(0);
    } catch (error) {
      console.error(`Stopped with an error: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

await main();
