import { randomUUID } from 'node:crypto';
import { GIFT_FEE_PERCENT, maskGiftRegistration, type GiftAccountDto, type GiftRegistration, type MaskedGiftRegistration } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import { requireEventAccess } from '../events/event-access.js';
import * as repo from './gifts.repository.js';
import { scheduleGiftReview } from './gifts.jobs.js';

/** The sealed registration opens only in its own event's row. */
export const giftSealContext = (eventId: string, ref: string) => `gift-registration:${eventId}:${ref}`;

export const toGiftAccountDto = (row: repo.GiftAccountRow | undefined): GiftAccountDto => ({
  status: row?.status ?? 'NOT_REGISTERED',
  reason: row?.status === 'REJECTED' ? row.reason : null,
  link: row?.status === 'APPROVED' ? row.link : null,
  feePercent: GIFT_FEE_PERCENT,
  registration: (row?.registrationMasked as MaskedGiftRegistration | null | undefined) ?? null,
});

/** Owner and co-hosts may look; only the owner registers (a payout account is about money: the 'pay' right). */
export const getGiftAccount = async (ctx: AppContext, userId: string, eventId: string): Promise<GiftAccountDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  return toGiftAccountDto(await repo.findGiftAccount(ctx.db, eventId));
};

export const registerGiftAccount = async (ctx: AppContext, userId: string, eventId: string, registration: GiftRegistration): Promise<GiftAccountDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'pay');
  const current = await repo.findGiftAccount(ctx.db, eventId);
  if (current?.status === 'REGISTERED') throw new AppError('CONFLICT', 'the registration is under review');
  if (current?.status === 'APPROVED') throw new AppError('CONFLICT', 'the gift link is already approved');
  const eventName = (await repo.findEventName(ctx.db, eventId)) ?? '';
  const ref = `gift_${randomUUID().replace(/-/g, '')}`;
  const masked = maskGiftRegistration(registration);
  const sealed = sealPayload(payloadKeyFrom(ctx.config.secrets.payloadKey), registration, giftSealContext(eventId, ref));
  const row = await repo.upsertRegistration(ctx.db, eventId, {
    provider: ctx.gifts.name,
    providerRef: ref,
    registrationSealed: sealed,
    registrationMasked: masked,
    registeredBy: userId,
  });
  const { reviewAfterSeconds } = await ctx.gifts.register({ eventId, eventName, ref, registration, masked, enqueueEmail: ctx.enqueueEmail });
  if (reviewAfterSeconds !== null) await scheduleGiftReview(ctx, { eventId, ref }, reviewAfterSeconds);
  return toGiftAccountDto(row);
};

/** The event behind an approved sandbox gift link (its test page). */
export const findSandboxGiftEvent = (ctx: AppContext, providerRef: string) => repo.findSandboxGiftEvent(ctx.db, providerRef);

/**
 * Issue 32: the provider reports an approved payment through the event's gift link (the sandbox makes one on its
 * test page). The gift ledger records it by itself, once per payment reference. Answers false for a link that is
 * not an approved one (nothing is recorded).
 */
export const reportGiftLinkPayment = async (
  ctx: AppContext,
  providerRef: string,
  payment: { paymentRef: string; amount: number; payerName?: string; payerPhone?: string },
): Promise<boolean> => {
  const eventId = await repo.findApprovedEventByRef(ctx.db, providerRef);
  if (!eventId) return false;
  await ctx.hooks.emit('giftLinkPaymentApproved', { eventId, ...payment });
  return true;
};
