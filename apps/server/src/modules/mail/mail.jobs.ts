import type { JobDefinition } from '../../platform/jobs.js';
import type { MailMessage, MailTransport } from '../../providers/mail/index.js';

export const SEND_EMAIL_JOB = 'mail.send';

/** Sending is a job so a failing SMTP server is retried with backoff instead of failing the request. */
export const createSendEmailJob = (transport: MailTransport): JobDefinition<MailMessage> => ({
  name: SEND_EMAIL_JOB,
  retryLimit: 8,
  retryDelaySeconds: 5,
  // Up to 2 × 20 messages in flight per worker process; a send stuck past two minutes is failed and retried.
  batchSize: 20,
  workers: 2,
  expireInSeconds: 120,
  handle: (message) => transport.send(message),
});
