import type { Lang } from '@magiim/shared';

/**
 * Cardcom API v11 wire format, the parts we use. Field names follow Cardcom's OpenAPI
 * (https://secure.cardcom.solutions/Api/v11/Docs) as summarised in /work/shared/providers.md §4.1 and the
 * v11 TypeScript types seen in public integrations (LowProfile/Create, GetLpResult, RefundByTransactionId).
 * Note Cardcom's own spelling "Tranzaction" in response fields, and "TransactionId" in the refund request.
 */
export const CARDCOM_PATHS = {
  create: '/api/v11/LowProfile/Create',
  result: '/api/v11/LowProfile/GetLpResult',
  refund: '/api/v11/Transactions/RefundByTransactionId',
} as const;

/** ILS in Cardcom's `ISOCoinId` / `CoinId`. */
export const CARDCOM_ILS = 1;

export interface CardcomCreateRequest {
  TerminalNumber: number;
  ApiName: string;
  Operation: 'ChargeOnly';
  /** Shekels with at most two decimals. */
  Amount: number;
  ReturnValue: string;
  SuccessRedirectUrl: string;
  FailedRedirectUrl: string;
  CancelRedirectUrl: string;
  WebHookUrl: string;
  Language: 'he' | 'en' | 'ru';
  ISOCoinId: number;
  ProductName: string;
  UIDefinition: { CardOwnerNameValue: string; CardOwnerEmailValue: string };
  Document: {
    DocumentTypeToCreate: 'TaxInvoiceAndReceipt';
    Name: string;
    Email: string;
    Products: { Description: string; UnitCost: number; Quantity: number }[];
  };
}

export interface CardcomCreateResponse {
  ResponseCode: number;
  Description?: string | null;
  LowProfileId?: string | null;
  Url?: string | null;
}

export interface CardcomTransactionInfo {
  ResponseCode?: number | null;
  Description?: string | null;
  TranzactionId?: number | string | null;
  Amount?: number | null;
  CoinId?: number | null;
  Last4CardDigitsString?: string | null;
  Last4CardDigits?: number | null;
  CardName?: string | null;
  Brand?: string | null;
  PaymentType?: string | null;
  DocumentUrl?: string | null;
}

export interface CardcomLpResult {
  ResponseCode: number;
  Description?: string | null;
  LowProfileId?: string | null;
  TranzactionId?: number | string | null;
  ReturnValue?: string | null;
  /**
   * The deal's external source, as a name or its number: NoneOrUnknown 0, PayPal 10, ApplePay 11, uPayBit 12,
   * 3DS 13, PayMeBit 14, GooglePay 15, … 104 Bit (Cardcom) — Cardcom's guide, GetLpResult response table.
   */
  ExternalPaymentVector?: string | number | null;
  /** The guide's tables spell the top-level id this way; the OpenAPI and live answers say `TranzactionId`. */
  TransactionId?: number | string | null;
  TranzactionInfo?: CardcomTransactionInfo | null;
  DocumentInfo?: { DocumentUrl?: string | null; DocumentNumber?: number | null } | null;
}

export interface CardcomRefundRequest {
  ApiName: string;
  ApiPassword: string;
  TransactionId: number;
  /** Shekels; the part of the deal to give back. */
  PartialSum: number;
  /** False: Cardcom refuses a second refund of the same deal (OpenAPI: true "permits more than one"). */
  AllowMultipleRefunds: boolean;
}

export interface CardcomRefundResponse {
  ResponseCode: number;
  Description?: string | null;
  NewTranzactionId?: number | string | null;
}

/** Agorot (integer) → shekels with exactly the same two decimals, built from digits (no float arithmetic). */
export const shekelsOf = (agorot: number): number => {
  if (!Number.isSafeInteger(agorot) || agorot < 0) throw new RangeError(`not an amount in agorot: ${agorot}`);
  return Number(`${Math.trunc(agorot / 100)}.${String(agorot % 100).padStart(2, '0')}`);
};

/** Shekels as Cardcom reports them (e.g. 149.01) → agorot; null when it is not a whole number of agorot. */
export const agorotOf = (shekels: unknown): number | null => {
  const value = typeof shekels === 'string' ? Number(shekels) : shekels;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const agorot = Math.round(value * 100);
  return Math.abs(agorot - value * 100) < 1e-6 ? agorot : null;
};

/**
 * The hosted page's language. Cardcom's developer guide ("Step 1+2 – Creating a payment page", LowProfile/Create
 * `Language`) lists he and en for both page designs (5 and 6), and ru and ar among the languages of the older
 * design 5 only. Hebrew, English and Russian go as asked; Arabic gets English, which every terminal's page shows,
 * rather than a language the terminal's page design may not have (and a host who chose Arabic over Hebrew in our
 * app is not assumed to read Hebrew). The receipt itself is a Hebrew tax document either way.
 */
export const cardcomLanguageOf = (lang: Lang): CardcomCreateRequest['Language'] =>
  lang === 'he' || lang === 'ru' ? lang : 'en';
