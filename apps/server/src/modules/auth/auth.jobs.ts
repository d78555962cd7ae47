import type { Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { findUserByEmail } from '../users/users.repository.js';
import { sendEmailLink } from './auth.service.js';

export const SEND_PASSWORD_RESET_JOB = 'auth.send-password-reset';

export interface SendPasswordResetJob {
  email: string;
  lang: Lang;
}

/**
 * The lookup and the link happen here, off the request path, so the request answers in the same time whether or not
 * the address has an account. The payload holds no token: the job creates it and queues the mail.
 */
export const sendPasswordResetJob = (ctx: AppContext): JobDefinition<SendPasswordResetJob> => ({
  name: SEND_PASSWORD_RESET_JOB,
  retryLimit: 3,
  retryDelaySeconds: 10,
  batchSize: 5,
  handle: async ({ email, lang }) => {
    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.blockedAt) await sendEmailLink(ctx, user, 'reset_password', { lang, to: user.email });
  },
});

export const createAuthJobs = (ctx: AppContext): JobDefinition<object>[] => [
  sendPasswordResetJob(ctx) as unknown as JobDefinition<object>,
];
