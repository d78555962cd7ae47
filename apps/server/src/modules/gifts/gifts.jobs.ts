import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { sendGiftDecisionEmail } from './gift-decision-emails.js';
import { decideRegistration, findGiftAccount } from './gifts.repository.js';

export const GIFT_REVIEW_JOB = 'gifts.review';
/** Tells the host the decision; sent by whoever decides (the review job, or the admin command from its own process). */
export const GIFT_DECISION_JOB = 'gifts.decision-email';

export interface GiftDecisionJob {
  eventId: string;
  /** The decision this e-mail is about (ISO): a later registration makes it stale. */
  decidedAt: string;
}

/** Ids only: the registration itself stays sealed in its row. */
export interface GiftReviewJob {
  eventId: string;
  ref: string;
}

const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** Asks the provider about the registration once `afterSeconds` have passed. */
export const scheduleGiftReview = async (ctx: AppContext, data: GiftReviewJob, afterSeconds: number): Promise<void> => {
  // An API process without the worker may not have created the queue yet.
  await ctx.jobs.boss.createQueue(GIFT_REVIEW_JOB, { name: GIFT_REVIEW_JOB, ...RETRY });
  await ctx.jobs.boss.send(GIFT_REVIEW_JOB, data, { ...RETRY, startAfter: Math.max(0, Math.ceil(afterSeconds)), singletonKey: data.ref });
};

/** Re-reads the row and skips a registration already decided or replaced; a review still pending asks again later. */
export const reviewGiftRegistration = async (ctx: AppContext, data: GiftReviewJob): Promise<void> => {
  const account = await findGiftAccount(ctx.db, data.eventId);
  if (!account || account.status !== 'REGISTERED' || account.providerRef !== data.ref || !account.submittedAt) return;
  const review = await ctx.gifts.status(data.ref, account.submittedAt);
  if (review.state === 'pending') {
    await scheduleGiftReview(ctx, data, 5);
    return;
  }
  const decision = review.state === 'approved' ? { status: 'APPROVED' as const, link: review.link } : { status: 'REJECTED' as const, reason: review.reason };
  const decided = await decideRegistration(ctx.db, data.eventId, decision, data.ref);
  if (decided?.decidedAt) await sendGiftDecisionEmail(ctx, data.eventId, decided.decidedAt.toISOString());
};

export const createGiftJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: GIFT_REVIEW_JOB,
    retryLimit: RETRY.retryLimit,
    retryDelaySeconds: RETRY.retryDelay,
    schema: z.object({ eventId: z.string(), ref: z.string() }),
    handle: (data) => reviewGiftRegistration(ctx, data as GiftReviewJob),
  },
  {
    name: GIFT_DECISION_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    schema: z.object({ eventId: z.string(), decidedAt: z.string() }),
    handle: async (data) => {
      const { eventId, decidedAt } = data as GiftDecisionJob;
      await sendGiftDecisionEmail(ctx, eventId, decidedAt);
    },
  },
];
