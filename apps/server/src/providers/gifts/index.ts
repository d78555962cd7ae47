import type { GiftRegistration, MaskedGiftRegistration } from '@magiim/shared';
import type { MailMessage } from '../mail/index.js';

/** A provider's answer about one registration; `pending` while it is still under review. */
export type GiftReview = { state: 'pending' } | { state: 'approved'; link: string } | { state: 'rejected'; reason: string };

export interface GiftRegisterRequest {
  eventId: string;
  eventName: string;
  /** Our reference of this registration (new for every attempt). */
  ref: string;
  registration: GiftRegistration;
  masked: MaskedGiftRegistration;
  /** Queues an e-mail (the managed adapter writes to the administration). */
  enqueueEmail(message: MailMessage): Promise<void>;
}

/**
 * The credit-card gift-link service of a third-party provider (spec §1, §4). No partner API exists publicly: the
 * sandbox decides by itself, the managed adapter hands the review to the administration (`npm run admin -- gift …`).
 * A real partner's adapter implements the same three calls.
 */
export interface GiftLinkProvider {
  readonly name: 'sandbox' | 'managed';
  /** Hands a registration to the provider. `reviewAfterSeconds`: ask `status` again after that long (null: the decision comes from outside). */
  register(request: GiftRegisterRequest): Promise<{ reviewAfterSeconds: number | null }>;
  /** Where the review stands (the sandbox decides here). */
  status(ref: string, registeredAt: Date): Promise<GiftReview>;
  /** The guests' link of an approved registration. */
  link(ref: string): string;
}
