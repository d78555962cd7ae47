import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { sandboxPayments } from '../../db/schema/billing.js';
import { PaymentProviderError, type PaymentOutcome, type PaymentProvider } from './index.js';

export type SandboxOutcome = 'pay' | 'decline' | 'cancel';
export const SANDBOX_OUTCOMES: readonly SandboxOutcome[] = ['pay', 'decline', 'cancel'];

/** The sandbox's hosted page lives here (outside /api; a page of our own that behaves like a provider's). */
export const sandboxPagePath = (ref: string) => `/dev/payment/${ref}`;
export const sandboxReceiptPath = (ref: string) => `${sandboxPagePath(ref)}/receipt`;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * A payment provider that charges nothing: the "hosted page" is ours (`/dev/payment/<ref>`), its state a
 * `sandbox_payments` row that records the tester's click once; `verify` reads that row as a provider's
 * re-query would read its own records.
 */
export const createSandboxPaymentProvider = (options: { db: Db; appUrl: string }): PaymentProvider => {
  const { db, appUrl } = options;
  return {
    name: 'sandbox',

    async createCheckout(request) {
      const ref = newId('sbx');
      await db.insert(sandboxPayments).values({
        ref,
        orderId: request.orderId,
        amount: request.amountAgorot,
        description: request.description,
        successUrl: request.successUrl,
        failUrl: request.failUrl,
        cancelUrl: request.cancelUrl,
        notifyUrl: request.notifyUrl,
      });
      return { checkoutUrl: `${appUrl}${sandboxPagePath(ref)}`, providerRef: ref };
    },

    async verify(providerRef): Promise<PaymentOutcome> {
      const row = (await db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, providerRef)).limit(1))[0];
      if (!row) throw new PaymentProviderError('unknown sandbox page');
      switch (row.outcome) {
        case 'pay':
          return {
            status: 'paid',
            orderId: row.orderId,
            transactionId: row.transactionId ?? row.ref,
            amountAgorot: row.amount,
            method: 'card',
            cardBrand: 'Visa',
            cardLast4: '4242',
            receiptUrl: `${appUrl}${sandboxReceiptPath(row.ref)}`,
          };
        case 'decline':
          return { status: 'failed', orderId: row.orderId, reason: 'declined on the sandbox page' };
        case 'cancel':
          return { status: 'cancelled', orderId: row.orderId };
        default:
          return { status: 'pending', orderId: row.orderId };
      }
    },

    async refund(request) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ refundedAmount: sql`${sandboxPayments.refundedAmount} + ${request.amountAgorot}` })
        .where(sql`${sandboxPayments.transactionId} = ${request.transactionId} and ${sandboxPayments.amount} - ${sandboxPayments.refundedAmount} >= ${request.amountAgorot}`)
        .returning({ ref: sandboxPayments.ref });
      if (!row) throw new PaymentProviderError('nothing to refund for this transaction');
      return { refundId: newId('sbxr') };
    },

    callbackRef(body) {
      if (!body || typeof body !== 'object') return null;
      const ref = (body as Record<string, unknown>).ref;
      return typeof ref === 'string' && ref.length > 0 && ref.length <= 100 ? ref : null;
    },
  };
};

/** Records the tester's click once; a second click changes nothing. Answers the outcome the page holds. */
export const recordSandboxOutcome = async (db: Db, ref: string, outcome: SandboxOutcome): Promise<typeof sandboxPayments.$inferSelect | undefined> => {
  await db
    .update(sandboxPayments)
    .set({ outcome, decidedAt: new Date(), transactionId: outcome === 'pay' ? newId('sbxt') : null })
    .where(sql`${sandboxPayments.ref} = ${ref} and ${sandboxPayments.outcome} is null`);
  return findSandboxPayment(db, ref);
};

export const findSandboxPayment = async (db: Db, ref: string) =>
  (await db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref)).limit(1))[0];
