import type { MailTransport } from './index.js';

/**
 * MAIL_TRANSPORT=none (issue 22): e-mail is off on purpose. The mail queue records each message as `dropped`
 * (never `sent`, never into the dev mailbox) and keeps nothing of it; `send` is never reached.
 */
export const createNoMailTransport = (): MailTransport => ({
  name: 'none',
  drops: true,
  send: () => Promise.reject(new Error('MAIL_TRANSPORT=none: e-mail is off')),
});
