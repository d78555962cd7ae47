import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCardcom, DECLINE_CODE, type FakeCardcom } from '../../../test/fake-cardcom.js';
import { createCardcomPaymentProvider } from './cardcom.js';
import { agorotOf, CARDCOM_PATHS, shekelsOf } from './cardcom-wire.js';
import { PaymentProviderError, type CheckoutRequest, type PaymentProvider } from './index.js';

let fake: FakeCardcom;
let provider: PaymentProvider;

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: '6f1c1f8e-5b0b-4a57-9d5e-3c1f2a8b7c01',
  orderNumber: 100001,
  amountAgorot: 32_900,
  description: 'Magiim basic, 300 guests – Noa & Daniel',
  lang: 'he',
  customer: { name: 'Noa Cohen', email: 'noa@example.com' },
  successUrl: 'http://magiim.test/pricing/e1/success',
  failUrl: 'http://magiim.test/pricing/e1/payment?failed=1',
  cancelUrl: 'http://magiim.test/pricing/e1/payment?cancelled=1',
  notifyUrl: 'http://magiim.test/api/payments/callback/cardcom',
  ...overrides,
});

const bodiesTo = (path: string) => fake.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);

beforeAll(async () => {
  // The webhook goes nowhere here: these tests call `verify` themselves.
  fake = await startFakeCardcom({ deliverWebhook: async () => {} });
  provider = createCardcomPaymentProvider(
    { provider: 'cardcom', apiUrl: fake.url, terminalNumber: fake.terminalNumber, apiName: fake.apiName, apiPassword: fake.apiPassword },
    { timeoutMs: 300 },
  );
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

describe('amounts', () => {
  it('turns agorot into shekels digit by digit and back', () => {
    expect(shekelsOf(32_900)).toBe(329);
    expect(shekelsOf(14_901)).toBe(149.01);
    expect(shekelsOf(1)).toBe(0.01);
    expect(shekelsOf(229_999)).toBe(2299.99);
    expect(JSON.stringify({ a: shekelsOf(100_010) })).toBe('{"a":1000.1}');
    for (let agorot = 0; agorot < 300_000; agorot += 7) expect(agorotOf(shekelsOf(agorot))).toBe(agorot);
    expect(agorotOf(0.1 + 0.2)).toBe(30);
    expect(agorotOf(1.005)).toBeNull();
    expect(agorotOf('149.01')).toBe(14_901);
    expect(() => shekelsOf(1.5)).toThrow(RangeError);
    expect(() => shekelsOf(-1)).toThrow(RangeError);
  });
});

describe('createCheckout', () => {
  it('creates a LowProfile page with the amount in shekels, our order id, the redirects, the webhook and a tax invoice-receipt', async () => {
    const page = await provider.createCheckout(checkout());
    expect(page.checkoutUrl).toBe(`${fake.url}/pay/${page.providerRef}`);
    const [sent] = bodiesTo(CARDCOM_PATHS.create);
    expect(sent).toMatchObject({
      TerminalNumber: fake.terminalNumber,
      ApiName: fake.apiName,
      Operation: 'ChargeOnly',
      Amount: 329,
      ReturnValue: checkout().orderId,
      SuccessRedirectUrl: checkout().successUrl,
      FailedRedirectUrl: checkout().failUrl,
      CancelRedirectUrl: checkout().cancelUrl,
      WebHookUrl: checkout().notifyUrl,
      Language: 'he',
      ISOCoinId: 1,
      Document: {
        DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
        Name: 'Noa Cohen',
        Email: 'noa@example.com',
        Products: [{ Description: checkout().description, UnitCost: 329, Quantity: 1 }],
      },
    });
    // Creating a page never needs the password: it is not sent where it is not required.
    expect(JSON.stringify(sent)).not.toContain(fake.apiPassword);
  });

  it('keeps ProductName within Cardcom\'s 50 characters and the document line whole', async () => {
    const description = `Magiim premium, 2,000 guests – ${'א'.repeat(60)}`;
    await provider.createCheckout(checkout({ description }));
    const [sent] = bodiesTo(CARDCOM_PATHS.create);
    expect((sent?.['ProductName'] as string).length).toBe(50);
    expect((sent?.['Document'] as { Products: { Description: string }[] }).Products[0]?.Description).toBe(description);
  });

  it('keeps agorot exact (149.01) and picks the page language (ar → en)', async () => {
    await provider.createCheckout(checkout({ amountAgorot: 14_901, lang: 'ar' }));
    await provider.createCheckout(checkout({ amountAgorot: 14_901, lang: 'ru' }));
    await provider.createCheckout(checkout({ amountAgorot: 14_901, lang: 'en' }));
    const sent = bodiesTo(CARDCOM_PATHS.create);
    expect(sent.map((b) => b['Amount'])).toEqual([149.01, 149.01, 149.01]);
    expect(sent.map((b) => b['Language'])).toEqual(['en', 'ru', 'en']);
    const raw = fake.requests.find((r) => r.path === CARDCOM_PATHS.create);
    expect(JSON.stringify(raw?.body)).toContain('"Amount":149.01');
  });

  it('refuses with the provider code when Cardcom answers a ResponseCode other than 0', async () => {
    const wrong = createCardcomPaymentProvider({ provider: 'cardcom', apiUrl: fake.url, terminalNumber: 999, apiName: 'nobody', apiPassword: undefined });
    const error = await wrong.createCheckout(checkout()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).providerCode).toBe(5034);
    expect((error as PaymentProviderError).outcomeUnknown).toBe(false);
  });

  it('turns HTTP 500, a timeout, a non-JSON answer and an unreachable server into PaymentProviderError', async () => {
    fake.fail(CARDCOM_PATHS.create, { status: 500 }, { hangMs: 1_000 }, { notJson: true });
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await provider.createCheckout(checkout()).catch((e: unknown) => e));
    expect(errors.map((e) => e instanceof PaymentProviderError)).toEqual([true, true, true]);
    expect((errors[0] as PaymentProviderError).message).toContain('HTTP 500');
    expect((errors[1] as PaymentProviderError).message).toContain('timed out');
    expect((errors[2] as PaymentProviderError).message).toContain('not JSON');
    // Any of these may have happened after Cardcom did the work: a retry must look before it repeats.
    expect(errors.map((e) => (e as PaymentProviderError).outcomeUnknown)).toEqual([true, true, true]);
    const down = createCardcomPaymentProvider({ provider: 'cardcom', apiUrl: 'http://127.0.0.1:9', terminalNumber: 1000, apiName: 'x', apiPassword: 'secret-pw' });
    const error = await down.createCheckout(checkout()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(String((error as Error).message)).not.toContain('secret-pw');
  });
});

describe('verify (GetLpResult)', () => {
  it('maps a charged deal to paid: amount in agorot, transaction id, card brand and last four, the document URL', async () => {
    const page = await provider.createCheckout(checkout({ amountAgorot: 14_901 }));
    expect(await provider.verify(page.providerRef)).toEqual({ status: 'pending', orderId: checkout().orderId });
    fake.decide(page.providerRef, 'pay');
    const outcome = await provider.verify(page.providerRef);
    expect(outcome).toMatchObject({
      status: 'paid',
      orderId: checkout().orderId,
      amountAgorot: 14_901,
      method: 'card',
      cardBrand: 'Visa',
      cardLast4: '0000',
      transactionId: String(fake.pages.get(page.providerRef)?.transactionId),
    });
    expect(outcome.status === 'paid' && outcome.receiptUrl).toMatch(/^https:\/\/fake-cardcom\.invalid\/documents\//);
    expect(bodiesTo(CARDCOM_PATHS.result).at(-1)).toEqual({ TerminalNumber: fake.terminalNumber, ApiName: fake.apiName, LowProfileId: page.providerRef });
  });

  it('maps a declined deal to failed with Cardcom\'s code, and a page left through cancel to pending', async () => {
    const declined = await provider.createCheckout(checkout());
    fake.decide(declined.providerRef, 'decline');
    const failed = await provider.verify(declined.providerRef);
    expect(failed.status).toBe('failed');
    expect(failed.status === 'failed' && failed.reason).toContain(String(DECLINE_CODE));
    const cancelled = await provider.createCheckout(checkout());
    fake.decide(cancelled.providerRef, 'cancel');
    expect((await provider.verify(cancelled.providerRef)).status).toBe('pending');
  });

  it('believes GetLpResult, not the webhook: a disagreeing page is failed', async () => {
    const page = await provider.createCheckout(checkout());
    fake.decide(page.providerRef, 'pay');
    fake.disagree(page.providerRef);
    expect((await provider.verify(page.providerRef)).status).toBe('failed');
  });

  it('reads Bit deals (by name or number) as bit with no card details; a Debit card stays a card', async () => {
    const { outcomeOf } = await import('./cardcom.js');
    const deal = (vector: string | number, paymentType = 'Standard') =>
      outcomeOf(
        {
          ResponseCode: 0,
          LowProfileId: 'lp-1',
          ReturnValue: 'order-1',
          TranzactionId: 77,
          ExternalPaymentVector: vector,
          TranzactionInfo: { ResponseCode: 0, TranzactionId: 77, Amount: 249, CoinId: 1, Last4CardDigitsString: '1234', Brand: 'Visa', PaymentType: paymentType },
          DocumentInfo: null,
        },
        'lp-1',
      );
    expect(deal('Bit')).toEqual({ status: 'paid', orderId: 'order-1', transactionId: '77', amountAgorot: 24_900, method: 'bit', cardBrand: null, cardLast4: null, receiptUrl: null });
    for (const vector of ['uPayBit', 'PayMeBit', 'BitCardcom', 12, 14, 104, '104']) expect(deal(vector), String(vector)).toMatchObject({ method: 'bit', cardLast4: null });
    for (const vector of ['NoneOrUnknown', 0, 'ApplePay', 11]) expect(deal(vector, 'Debit')).toMatchObject({ method: 'card', cardBrand: 'Visa', cardLast4: '1234' });
  });

  it('reads the guide\'s spellings too: TransactionId at the top, the number-only last four, the document link of the deal', async () => {
    const { outcomeOf } = await import('./cardcom.js');
    const outcome = outcomeOf(
      {
        ResponseCode: 0,
        LowProfileId: 'lp-2',
        ReturnValue: 'order-2',
        TransactionId: '654354685',
        TranzactionInfo: { ResponseCode: 0, Amount: '149.01' as unknown as number, CoinId: 1, Last4CardDigits: 8, CardName: 'Visa Regular', DocumentUrl: 'https://secure.cardcom.solutions/doc?id=1' },
        DocumentInfo: { DocumentUrl: null, DocumentNumber: 15935 },
      },
      'lp-2',
    );
    expect(outcome).toEqual({
      status: 'paid',
      orderId: 'order-2',
      transactionId: '654354685',
      amountAgorot: 14_901,
      method: 'card',
      cardBrand: 'Visa Regular',
      cardLast4: '0008',
      receiptUrl: 'https://secure.cardcom.solutions/doc?id=1',
    });
    // A document link that is not https is not shown to the host.
    expect(outcomeOf({ ResponseCode: 0, LowProfileId: 'lp-2', TranzactionId: 5, TranzactionInfo: { ResponseCode: 0, Amount: 1, DocumentUrl: 'javascript:alert(1)' } }, 'lp-2')).toMatchObject({ receiptUrl: null });
  });

  it('a refusal about this very page is "not charged" (pending); a declined deal is failed whatever the top-level code', async () => {
    const { outcomeOf } = await import('./cardcom.js');
    expect(outcomeOf({ ResponseCode: 700, Description: 'not finished', LowProfileId: 'lp-3', ReturnValue: 'o' }, 'lp-3')).toEqual({ status: 'pending', orderId: 'o' });
    expect(outcomeOf({ ResponseCode: 5, LowProfileId: 'lp-3', TranzactionInfo: { ResponseCode: 33, Description: 'Card blocked' } }, 'lp-3')).toEqual({
      status: 'failed',
      orderId: null,
      reason: '33 Card blocked',
    });
    expect(() => outcomeOf({ ResponseCode: 5034, Description: 'Invalid terminal' }, 'lp-3')).toThrow(PaymentProviderError);
  });

  it('throws on an unknown page, a refused query or an answer about another page (the order stays as it was)', async () => {
    await expect(provider.verify('00000000-0000-4000-8000-999999999999')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.verify('not a page id!')).rejects.toBeInstanceOf(PaymentProviderError);
    const { outcomeOf } = await import('./cardcom.js');
    expect(() => outcomeOf({ ResponseCode: 0, LowProfileId: 'other' }, 'mine')).toThrow(PaymentProviderError);
    fake.fail(CARDCOM_PATHS.result, { status: 502 });
    const page = await provider.createCheckout(checkout());
    await expect(provider.verify(page.providerRef)).rejects.toThrow('HTTP 502');
  });
});

describe('refund (RefundByTransactionId)', () => {
  it('refunds part of a deal in shekels with the API password, once per deal, never more than was charged', async () => {
    const page = await provider.createCheckout(checkout({ amountAgorot: 32_900 }));
    fake.decide(page.providerRef, 'pay');
    const paid = await provider.verify(page.providerRef);
    if (paid.status !== 'paid') throw new Error('not paid');
    const { refundId } = await provider.refund({ transactionId: paid.transactionId, amountAgorot: 31_255, orderId: checkout().orderId });
    expect(refundId).toMatch(/^\d+$/);
    expect(bodiesTo(CARDCOM_PATHS.refund).at(-1)).toEqual({
      ApiName: fake.apiName,
      ApiPassword: fake.apiPassword,
      TransactionId: Number(paid.transactionId),
      PartialSum: 312.55,
      AllowMultipleRefunds: false,
    });
    expect(fake.refunds.at(-1)).toMatchObject({ transactionId: Number(paid.transactionId), amountAgorot: 31_255 });
    // A retry (say after a timeout that hid a refund already made) is refused by Cardcom: nothing goes back twice.
    const again = await provider.refund({ transactionId: paid.transactionId, amountAgorot: 100, orderId: checkout().orderId }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaymentProviderError);
    expect((again as PaymentProviderError).providerCode).toBe(5202);
    expect(fake.refunds.filter((r) => r.transactionId === Number(paid.transactionId))).toHaveLength(1);

    const other = await provider.createCheckout(checkout({ amountAgorot: 14_900 }));
    fake.decide(other.providerRef, 'pay');
    const otherPaid = await provider.verify(other.providerRef);
    if (otherPaid.status !== 'paid') throw new Error('not paid');
    const tooMuch = await provider.refund({ transactionId: otherPaid.transactionId, amountAgorot: 14_901, orderId: checkout().orderId }).catch((e: unknown) => e);
    expect((tooMuch as PaymentProviderError).providerCode).toBe(5201);
  });

  it('needs CARDCOM_API_PASSWORD and a Cardcom transaction id', async () => {
    const noPassword = createCardcomPaymentProvider({ provider: 'cardcom', apiUrl: fake.url, terminalNumber: fake.terminalNumber, apiName: fake.apiName, apiPassword: undefined });
    await expect(noPassword.refund({ transactionId: '5', amountAgorot: 100, orderId: 'o' })).rejects.toThrow('CARDCOM_API_PASSWORD');
    await expect(provider.refund({ transactionId: 'sandbox-1', amountAgorot: 100, orderId: 'o' })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('callbackRef', () => {
  it('reads the LowProfileId of a v11 webhook (JSON or form) and the legacy lowprofilecode; nothing else', () => {
    const id = '8d3f7a4e-1c2b-4e5f-9a0b-1c2d3e4f5a6b';
    expect(provider.callbackRef({ LowProfileId: id, ResponseCode: 0 })).toBe(id);
    expect(provider.callbackRef(Object.fromEntries(new URLSearchParams(`lowprofilecode=${id}&ResponseCode=0`)))).toBe(id);
    expect(provider.callbackRef({ LowProfileId: 'x"; drop table' })).toBeNull();
    expect(provider.callbackRef({ LowProfileId: 12 })).toBeNull();
    expect(provider.callbackRef({})).toBeNull();
    expect(provider.callbackRef(null)).toBeNull();
    expect(provider.callbackRef('LowProfileId')).toBeNull();
  });
});
