import type { PaymentConfig } from '../../platform/env.js';
import { PaymentProviderError, type CheckoutPage, type CheckoutRequest, type PaymentOutcome, type PaymentProvider, type RefundRequest } from './index.js';
import {
  agorotOf,
  CARDCOM_ILS,
  CARDCOM_PATHS,
  cardcomLanguageOf,
  shekelsOf,
  type CardcomCreateRequest,
  type CardcomCreateResponse,
  type CardcomLpResult,
  type CardcomRefundRequest,
  type CardcomRefundResponse,
} from './cardcom-wire.js';

type CardcomConfig = Extract<PaymentConfig, { provider: 'cardcom' }>;

const DEFAULT_TIMEOUT_MS = 15_000;
/** Cardcom's guide: `ProductName` up to 50 characters; names and document lines up to 250. */
const PRODUCT_NAME_MAX = 50;
const TEXT_MAX = 250;
const PAGE_ID = /^[A-Za-z0-9-]{1,100}$/;

export interface CardcomOptions {
  /** Tests shorten it; Cardcom answers well within 15 s or not at all. */
  timeoutMs?: number;
}

/**
 * PAYMENT_PROVIDER=cardcom: API v11 LowProfile (a hosted page), verified with GetLpResult, refunded by
 * transaction id. Cardcom's webhook is unsigned, so it only names the page to re-query.
 */
export const createCardcomPaymentProvider = (config: CardcomConfig, options: CardcomOptions = {}): PaymentProvider => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One POST; every failure (network, timeout, HTTP status, not JSON) is a PaymentProviderError without the body sent. */
  const post = async <T extends { ResponseCode: number }>(operation: string, path: string, body: object): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timed out' : 'unreachable';
      throw new PaymentProviderError(`cardcom ${operation}: ${reason}`, undefined, { outcomeUnknown: true });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PaymentProviderError(`cardcom ${operation}: HTTP ${response.status}`, `HTTP ${response.status}`, { outcomeUnknown: response.status >= 500 });
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new PaymentProviderError(`cardcom ${operation}: the answer is not JSON`, undefined, { outcomeUnknown: true });
    }
    if (!answer || typeof answer !== 'object' || typeof (answer as { ResponseCode?: unknown }).ResponseCode !== 'number') {
      throw new PaymentProviderError(`cardcom ${operation}: the answer has no ResponseCode`, undefined, { outcomeUnknown: true });
    }
    return answer as T;
  };

  const refused = (operation: string, answer: { ResponseCode: number; Description?: string | null | undefined }) =>
    new PaymentProviderError(`cardcom ${operation} refused: ${answer.ResponseCode} ${clip(answer.Description ?? '', 200)}`.trim(), answer.ResponseCode);

  return {
    name: 'cardcom',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutPage> {
      const amount = shekelsOf(request.amountAgorot);
      const description = clip(request.description, TEXT_MAX);
      const body: CardcomCreateRequest = {
        TerminalNumber: config.terminalNumber,
        ApiName: config.apiName,
        Operation: 'ChargeOnly',
        Amount: amount,
        ReturnValue: request.orderId,
        SuccessRedirectUrl: request.successUrl,
        FailedRedirectUrl: request.failUrl,
        CancelRedirectUrl: request.cancelUrl,
        WebHookUrl: request.notifyUrl,
        Language: cardcomLanguageOf(request.lang),
        ISOCoinId: CARDCOM_ILS,
        ProductName: clip(request.description, PRODUCT_NAME_MAX),
        // Prefills the page's owner fields; the host may still change them there.
        UIDefinition: { CardOwnerNameValue: clip(request.customer.name, TEXT_MAX), CardOwnerEmailValue: request.customer.email },
        Document: {
          DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
          Name: clip(request.customer.name, TEXT_MAX),
          Email: request.customer.email,
          // One line for the whole (VAT-inclusive) amount, so the document's total is exactly what is charged.
          Products: [{ Description: description, UnitCost: amount, Quantity: 1 }],
        },
      };
      const answer = await post<CardcomCreateResponse>('LowProfile/Create', CARDCOM_PATHS.create, body);
      if (answer.ResponseCode !== 0) throw refused('LowProfile/Create', answer);
      if (!answer.LowProfileId || !PAGE_ID.test(answer.LowProfileId) || !answer.Url || !/^https?:\/\//.test(answer.Url)) {
        throw new PaymentProviderError('cardcom LowProfile/Create: the answer has no page id or address');
      }
      return { checkoutUrl: answer.Url, providerRef: answer.LowProfileId };
    },

    async verify(providerRef: string): Promise<PaymentOutcome> {
      if (!PAGE_ID.test(providerRef)) throw new PaymentProviderError('cardcom GetLpResult: not a LowProfileId');
      const answer = await post<CardcomLpResult>('LowProfile/GetLpResult', CARDCOM_PATHS.result, {
        TerminalNumber: config.terminalNumber,
        ApiName: config.apiName,
        LowProfileId: providerRef,
      });
      return outcomeOf(answer, providerRef);
    },

    async refund(request: RefundRequest): Promise<{ refundId: string }> {
      if (!config.apiPassword) throw new PaymentProviderError('cardcom refund: CARDCOM_API_PASSWORD is not configured');
      const transactionId = Number(request.transactionId);
      if (!Number.isSafeInteger(transactionId) || transactionId <= 0) throw new PaymentProviderError('cardcom refund: not a Cardcom transaction id');
      const body: CardcomRefundRequest = {
        ApiName: config.apiName,
        ApiPassword: config.apiPassword,
        TransactionId: transactionId,
        PartialSum: shekelsOf(request.amountAgorot),
        // We refund a deal once (the cancellation); a retry after an answer lost on the way must not refund again.
        AllowMultipleRefunds: false,
      };
      const answer = await post<CardcomRefundResponse>('Transactions/RefundByTransactionId', CARDCOM_PATHS.refund, body);
      if (answer.ResponseCode !== 0) throw refused('Transactions/RefundByTransactionId', answer);
      return { refundId: answer.NewTranzactionId != null ? String(answer.NewTranzactionId) : `refund:${transactionId}` };
    },

    callbackRef(body: unknown): string | null {
      if (!body || typeof body !== 'object') return null;
      const fields = body as Record<string, unknown>;
      // v11 webhooks post JSON with `LowProfileId`; the legacy (IndicatorUrl) flow sent `lowprofilecode`.
      const ref = fields['LowProfileId'] ?? fields['lowProfileId'] ?? fields['lowprofilecode'] ?? fields['LowProfileCode'];
      return typeof ref === 'string' && PAGE_ID.test(ref) ? ref : null;
    },
  };
};

/**
 * GetLpResult → our outcome. Sources: Cardcom's developer guide "Step 1+2 – Creating a payment page & sending a
 * request to retrieve transaction details" (GetLpResult response tables: "to verify if the transaction was
 * successfully charged, check that ResponseCode == 0"; TransactionInfo.ResponseCode 0 is a successful charge)
 * and the v11 OpenAPI names (`TranzactionId`, `TranzactionInfo`). The guide does not say what an unfinished or
 * abandoned page answers, so nothing but a charge is read as final:
 * - `ResponseCode` 0 with a deal id and `TranzactionInfo.ResponseCode` 0 → paid (amount, card, document).
 * - `TranzactionInfo.ResponseCode` ≠ 0 (whatever the top-level code) → failed: the card or Bit was refused.
 * - `ResponseCode` 0 and no deal yet, or ≠ 0 in an answer about this very page (it exists; it was not charged):
 *   → pending. Leaving through "cancel" is reported only by sending the browser to `CancelRedirectUrl`, so
 *   `cancelled` is never answered here; the order service ends an abandoned order itself. A later charge on the
 *   same page (a retry after a declined card) still pays, since callbacks re-verify.
 * - `ResponseCode` ≠ 0 about no page we know (wrong terminal or API name, unknown id) → PaymentProviderError:
 *   the order stays as it was and the error is logged.
 */
export const outcomeOf = (answer: CardcomLpResult, providerRef: string): PaymentOutcome => {
  if (answer.LowProfileId && answer.LowProfileId !== providerRef) {
    throw new PaymentProviderError('cardcom GetLpResult: the answer is about another page');
  }
  const orderId = answer.ReturnValue ?? null;
  const info = answer.TranzactionInfo ?? null;
  if (info && typeof info.ResponseCode === 'number' && info.ResponseCode !== 0) {
    return { status: 'failed', orderId, reason: `${info.ResponseCode} ${clip(info.Description ?? '', 200)}`.trim() };
  }
  if (answer.ResponseCode !== 0) {
    if (answer.LowProfileId === providerRef) return { status: 'pending', orderId };
    throw new PaymentProviderError(`cardcom GetLpResult refused: ${answer.ResponseCode} ${clip(answer.Description ?? '', 200)}`.trim(), answer.ResponseCode);
  }
  const transactionId = idOf(info?.TranzactionId) ?? idOf(answer.TranzactionId) ?? idOf(answer.TransactionId);
  if (!info || !transactionId) return { status: 'pending', orderId };
  const amountAgorot = agorotOf(info.Amount);
  if (amountAgorot === null) throw new PaymentProviderError('cardcom GetLpResult: the deal has no readable amount');
  const bit = isBit(answer.ExternalPaymentVector) || isBit(info.PaymentType);
  return {
    status: 'paid',
    orderId,
    transactionId,
    amountAgorot,
    // Any currency but shekels (CoinId 1 in the guide's tables) is money taken that matches no order: support decides.
    ...(info.CoinId != null && info.CoinId !== CARDCOM_ILS ? { currency: `cardcom-coin-${String(info.CoinId)}` } : {}),
    method: bit ? 'bit' : 'card',
    cardBrand: bit ? null : textOf(info.Brand) ?? textOf(info.CardName),
    cardLast4: bit ? null : last4Of(info),
    // Measured on Cardcom's test terminal: TranzactionInfo.DocumentUrl links the document, DocumentInfo's is empty.
    receiptUrl: urlOf(info.DocumentUrl) ?? urlOf(answer.DocumentInfo?.DocumentUrl),
  };
};

/** uPayBit (12), PayMeBit (14) and Cardcom's own Bit (104), by number or by name ("Bit", "uPayBit"; not "Debit"). */
const BIT_VECTORS = new Set([12, 14, 104]);
const isBit = (vector: unknown): boolean => {
  if (typeof vector === 'number') return BIT_VECTORS.has(vector);
  if (typeof vector !== 'string') return false;
  return BIT_VECTORS.has(Number(vector)) || /(?:^|[^A-Za-z])bit/i.test(vector) || /[a-z]Bit/.test(vector);
};

const idOf = (value: unknown): string | null => {
  const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d{0,18}$/.test(id) ? id : null;
};

const textOf = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- provider text lands in our pages and e-mails: no control characters
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return text ? clip(text, 40) : null;
};

const last4Of = (info: NonNullable<CardcomLpResult['TranzactionInfo']>): string | null => {
  const text = typeof info.Last4CardDigitsString === 'string' ? info.Last4CardDigitsString.trim() : '';
  if (/^\d{4}$/.test(text)) return text;
  // Some terminals send only the number (8 for "0008").
  if (typeof info.Last4CardDigits === 'number' && Number.isInteger(info.Last4CardDigits) && info.Last4CardDigits >= 0 && info.Last4CardDigits < 10_000) {
    return String(info.Last4CardDigits).padStart(4, '0');
  }
  return null;
};

const urlOf = (value: unknown): string | null => (typeof value === 'string' && /^https:\/\/\S+$/.test(value) && value.length <= 2000 ? value : null);

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
