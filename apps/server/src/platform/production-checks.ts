import { ConfigError, MAIL_REQUIRED_MESSAGE, type Config } from './env.js';

/**
 * Issue 22: nothing lost quietly in production. Outside production every check passes (the sandboxes and the
 * dev mailbox are the point there).
 *
 * - No way to send e-mail (no SMTP_URL) stops the start, unless MAIL_TRANSPORT=none says so on purpose: a new host
 *   would never get the verification link, and nothing would say why.
 * - E-mail off on purpose, and every provider left on its sandbox, are repeated at start (warn lines).
 */
export interface ProductionReport {
  /** Warn lines for the start-up log (empty outside production). */
  warnings: string[];
}

/** The providers still on their sandbox, by the names an operator sets (payment, whatsapp, sms, voice, tts, gifts, push). */
export const sandboxProvidersOf = (config: Config): string[] =>
  [
    config.payment.provider === 'sandbox' ? 'payment (PAYMENT_PROVIDER)' : '',
    config.whatsapp.provider === 'sandbox' ? 'whatsapp (MESSAGING_PROVIDER)' : '',
    config.sms.provider === 'sandbox' ? 'sms (SMS_PROVIDER)' : '',
    config.voice.provider === 'sandbox' ? 'voice (VOICE_PROVIDER)' : '',
    config.tts.provider === 'sandbox' ? 'tts (TTS_PROVIDER)' : '',
    config.gifts.provider === 'sandbox' ? 'gifts (GIFT_PROVIDER)' : '',
    config.push.provider === 'sandbox' ? 'push (PUSH_PROVIDER)' : '',
  ].filter(Boolean);


/** Throws ConfigError when production cannot run as configured; otherwise the lines to warn at start. */
export const checkProductionConfig = (config: Config): ProductionReport => {
  if (config.nodeEnv !== 'production') return { warnings: [] };
  const warnings: string[] = [];
  if (config.mailTransport !== 'smtp') {
    // loadConfig already refuses production without SMTP_URL unless MAIL_TRANSPORT=none; a config built otherwise
    // (by hand, in a script) must not reach the dev mailbox either.
    if (config.mailTransport !== 'none') throw new ConfigError(MAIL_REQUIRED_MESSAGE);
    warnings.push('e-mail is off (MAIL_TRANSPORT=none): verification, password reset and receipt e-mails are dropped, recorded as not sent');
  }
  // Links in e-mails and messages are built from APP_URL: on localhost or plain http they reach no guest, or
  // cross the internet readable.
  const appUrl = new URL(config.appUrl);
  if (['localhost', '127.0.0.1', '[::1]'].includes(appUrl.hostname)) {
    warnings.push(`APP_URL is ${config.appUrl}: links in e-mails and messages will not open for anyone else; set APP_URL to the public https:// address`);
  } else if (appUrl.protocol !== 'https:') {
    warnings.push(`APP_URL is ${config.appUrl}: links in e-mails and messages are not https`);
  }
  const sandboxes = sandboxProvidersOf(config);
  if (sandboxes.length > 0) {
    warnings.push(`providers on their sandbox in production (nothing real is sent, charged or called through them): ${sandboxes.join(', ')}`);
  }
  return { warnings };
};

/** Runs the checks and logs their warnings (once per process: the API and the worker both call it). */
export const assertProductionReady = (config: Config, logger: { warn(message: string): void }): void => {
  for (const line of checkProductionConfig(config).warnings) logger.warn(line);
};
