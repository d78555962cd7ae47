import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { openPayload, payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import { findUserByEmail } from '../users/public.js';
import { sendEmailLink } from './email-links.js';

export const SEND_PASSWORD_RESET_JOB = 'auth.send-password-reset';

export interface PasswordResetRequest {
  email: string;
  lang: Lang;
}

/** The job row holds the request sealed (AES-GCM, bound to its random id): no address in clear in the queue. */
export interface SendPasswordResetJob {
  id: string;
  sealed: string;
}

const keyOf = (ctx: AppContext) => payloadKeyFrom(ctx.config.secrets.payloadKey);

export const sealPasswordResetRequest = (ctx: AppContext, request: PasswordResetRequest): SendPasswordResetJob => {
  const id = randomUUID();
  return { id, sealed: sealPayload(keyOf(ctx), request, `password-reset:${id}`) };
};

/** A job queued before requests were sealed carries the request as it is. */
const requestOf = (ctx: AppContext, data: SendPasswordResetJob | PasswordResetRequest): PasswordResetRequest =>
  'sealed' in data ? openPayload<PasswordResetRequest>(keyOf(ctx), data.sealed, `password-reset:${data.id}`) : data;

/**
 * The lookup and the link happen here, off the request path, so the request answers in the same time whether or not
 * the address has an account. The payload holds no token: the job creates it and queues the mail.
 */
export const sendPasswordResetJob = (ctx: AppContext): JobDefinition<SendPasswordResetJob | PasswordResetRequest> => ({
  name: SEND_PASSWORD_RESET_JOB,
  retryLimit: 3,
  retryDelaySeconds: 10,
  batchSize: 5,
  schema: z.union([z.object({ id: z.string(), sealed: z.string() }), z.object({ email: z.string(), lang: z.enum(LANGUAGES) })]),
  handle: async (data) => {
    const { email, lang } = requestOf(ctx, data);
    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.blockedAt) await sendEmailLink(ctx, user, 'reset_password', { lang, to: user.email });
  },
});

export const createAuthJobs = (ctx: AppContext): JobDefinition<object>[] => [
  sendPasswordResetJob(ctx) as unknown as JobDefinition<object>,
];
