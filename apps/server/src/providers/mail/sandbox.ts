import type { MailMessage, MailTransport } from './index.js';

/** Keeps every message in the dev mailbox instead of sending it (the default outside production). */
export const createSandboxMailTransport = (store: (message: MailMessage) => Promise<void>): MailTransport => ({
  name: 'sandbox',
  send: store,
});
