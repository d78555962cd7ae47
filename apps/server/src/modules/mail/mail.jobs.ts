import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { type JobDefinition, type Jobs, NO_PAYLOAD } from '../../platform/jobs.js';
import { openPayload, payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import type { MailMessage, MailTransport } from '../../providers/mail/index.js';
import {
  abandonDelivery,
  claimDelivery,
  deleteDeliveriesBefore,
  findDelivery,
  insertDelivery,
  insertDroppedDelivery,
  markDeliverySent,
  releaseDelivery,
} from './mail-deliveries.repository.js';

export const SEND_EMAIL_JOB = 'mail.send';
export const PRUNE_MAIL_DELIVERIES_JOB = 'mail.prune-deliveries';

/** The job row holds only this: the message itself waits sealed in `mail_deliveries`. */
export interface SendEmailJobData {
  deliveryId: string;
}

/** The send job's queue and retry policy (the restore re-queues queued e-mails with it, see backup.service.ts). */
export const SEND_EMAIL_JOB_POLICY = {
  name: SEND_EMAIL_JOB,
  retryLimit: 8,
  retryDelaySeconds: 5,
  // Up to 4 × 25 messages in flight per worker process.
  batchSize: 25,
  workers: 4,
  // pg-boss's default (15 min) retried a mail cut off mid-send a quarter of an hour later; the SMTP
  // transport's own timeouts end a stuck attempt well within this.
  expireInSeconds: 120,
  schema: z.object({ deliveryId: z.string() }),
} satisfies Omit<JobDefinition<SendEmailJobData>, 'handle'>;

export interface MailQueueDeps {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  transport: MailTransport;
  /** The `payloadKey` secret. */
  payloadSecret: string;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * E-mail goes out through a job so a failing SMTP server is retried with backoff instead of failing the
 * request, and at most once: an attempt cut off after the transport may have taken the message (a crash,
 * or the job's expiry) is not repeated — a lost link can be asked for again, a doubled one cannot be unsent.
 */
export const createMailQueue = (deps: MailQueueDeps) => {
  const key = payloadKeyFrom(deps.payloadSecret);

  const deliver = async ({ deliveryId }: SendEmailJobData): Promise<void> => {
    const sealed = await claimDelivery(deps.db, deliveryId);
    if (sealed === undefined) {
      const row = await findDelivery(deps.db, deliveryId);
      if (row?.status === 'sending' && (await abandonDelivery(deps.db, deliveryId))) {
        deps.logger?.warn({ deliveryId }, 'an e-mail attempt was cut off mid-send; not sending it again');
      }
      return;
    }
    let message: MailMessage;
    try {
      message = openPayload<MailMessage>(key, sealed, deliveryId);
    } catch {
      await releaseDelivery(deps.db, deliveryId);
      throw new Error('cannot open a queued e-mail: every process must share DATA_DIR/secrets.json (payloadKey)');
    }
    try {
      await deps.transport.send(message);
    } catch (error) {
      await releaseDelivery(deps.db, deliveryId);
      throw error;
    }
    await markDeliverySent(deps.db, deliveryId);
  };

  const sendEmailJob: JobDefinition<SendEmailJobData> = { ...SEND_EMAIL_JOB_POLICY, handle: deliver };

  const pruneDeliveriesJob: JobDefinition<object> = {
    name: PRUNE_MAIL_DELIVERIES_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 60,
    cron: '23 * * * *',
    // Retries end within an hour; a day keeps the records for a look after an incident.
    handle: () => deleteDeliveriesBefore(deps.db, new Date(Date.now() - 24 * 3_600_000)),
  };

  /** Seals the message into its delivery record, then queues the job that sends it. */
  const enqueueEmail = async (message: MailMessage): Promise<void> => {
    const deliveryId = randomUUID();
    if (deps.transport.drops) {
      // MAIL_TRANSPORT=none: recorded as not sent, nothing of the message kept.
      await insertDroppedDelivery(deps.db, deliveryId);
      deps.logger?.warn({ deliveryId }, 'e-mail dropped: MAIL_TRANSPORT=none');
      return;
    }
    await insertDelivery(deps.db, deliveryId, sealPayload(key, message, deliveryId));
    await deps.jobs.send(sendEmailJob, { deliveryId });
  };

  return { sendEmailJob, pruneDeliveriesJob, enqueueEmail, deliver };
};
