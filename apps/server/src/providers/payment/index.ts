import type { Lang, PaymentMethod } from '@magiim/shared';

/** What we ask the provider's hosted page to charge. Only the amount and a description leave us; never card data. */
export interface CheckoutRequest {
  /** Our order id: Cardcom's `ReturnValue`, echoed in its webhook and in `GetLpResult`. */
  orderId: string;
  orderNumber: number;
  /** VAT included. */
  amountAgorot: number;
  /** One line for the page and the receipt, e.g. "Magiim basic, 300 guests – Noa & Daniel". */
  description: string;
  lang: Lang;
  customer: { name: string; email: string };
  /** Where the provider sends the browser (UX only: state changes only after `verify`). */
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  /** Our server callback; unsigned providers' calls there are hints to `verify`. */
  notifyUrl: string;
}

export interface CheckoutPage {
  /** The hosted page to send the browser to (redirect or iframe). */
  checkoutUrl: string;
  /** The provider's id of this page (Cardcom `LowProfileId`); `verify` takes it. */
  providerRef: string;
}

/** The provider's answer to a re-query; only `paid` changes an order to paid. */
export type PaymentOutcome =
  | {
      status: 'paid';
      /** Our order id as the provider echoes it (must match the order we verify). */
      orderId: string | null;
      transactionId: string;
      amountAgorot: number;
      /** ISO 4217 code when the provider says; absent: shekels. Anything but ILS is kept for support. */
      currency?: string;
      method: Exclude<PaymentMethod, 'coupon'>;
      cardBrand: string | null;
      cardLast4: string | null;
      receiptUrl: string | null;
    }
  | { status: 'failed'; orderId: string | null; reason: string }
  | { status: 'cancelled'; orderId: string | null }
  /** The host has not finished on the page yet (or the provider does not know yet). */
  | { status: 'pending'; orderId: string | null };

export interface RefundRequest {
  transactionId: string;
  /** Part of the paid amount to give back (the cancellation fee stays). */
  amountAgorot: number;
  orderId: string;
}

/** The small interface every payment provider implements (`sandbox`, `cardcom`). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'cardcom';
  createCheckout(request: CheckoutRequest): Promise<CheckoutPage>;
  /** Re-queries the provider about a page; the only source of truth for an order's payment. */
  verify(providerRef: string): Promise<PaymentOutcome>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Reads the provider's server callback (raw body already parsed as JSON or a form) into the page id to
   * verify, or null when it names none. The callback itself is never trusted.
   */
  callbackRef(body: unknown): string | null;
}

/** A provider call failed or answered something we cannot use; the order stays as it was. */
export class PaymentProviderError extends Error {
  /**
   * The request may have reached the provider and done its work (a timeout, a dropped connection, a 5xx or an
   * unreadable answer): whoever retries must first find out, never repeat it blindly (a refund could go twice).
   */
  readonly outcomeUnknown: boolean;

  constructor(message: string, readonly providerCode?: string | number, options: { outcomeUnknown?: boolean } = {}) {
    super(message);
    this.name = 'PaymentProviderError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}
