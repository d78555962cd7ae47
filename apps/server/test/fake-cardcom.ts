import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  agorotOf,
  CARDCOM_PATHS,
  type CardcomCreateRequest,
  type CardcomLpResult,
} from '../src/providers/payment/cardcom-wire.js';

/**
 * A local Cardcom speaking the API v11 wire format (LowProfile/Create, GetLpResult,
 * Transactions/RefundByTransactionId) plus a hosted-page stub at `/pay/<LowProfileId>` whose form posts
 * `outcome=pay|decline|cancel`, like the real page: it records the outcome, posts the (unsigned) webhook to the
 * page's `WebHookUrl`, and redirects the browser to the success / failed / cancel address.
 */
export type FakeOutcome = 'pay' | 'decline' | 'cancel';

export interface FakeCardcomOptions {
  terminalNumber?: number;
  apiName?: string;
  apiPassword?: string;
  /**
   * Delivers a webhook (JSON POST). Default: a real HTTP POST to `url`; tests whose app is not listening
   * route it through `app.inject` instead.
   */
  deliverWebhook?: (url: string, body: CardcomLpResult) => Promise<void>;
}

export interface FakePage {
  id: string;
  request: CardcomCreateRequest;
  outcome: FakeOutcome | null;
  transactionId: number | null;
  /** GetLpResult answers a decline whatever happened (a verify that disagrees with the webhook). */
  disagree: boolean;
  refundedAgorot: number;
  /** What the deal reports instead of the page's amount or currency (a charge that matches no order). */
  altered?: { amount?: number; coinId?: number };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  body: unknown;
  at: number;
}

export type FaultKind = { status: number } | { responseCode: number } | { hangMs: number } | { notJson: true };

export const DECLINE_CODE = 4;

export const startFakeCardcom = async (options: FakeCardcomOptions = {}) => {
  const terminalNumber = options.terminalNumber ?? 1000;
  const apiName = options.apiName ?? 'magiim-test';
  const apiPassword = options.apiPassword ?? 'fake-cardcom-password';
  const pages = new Map<string, FakePage>();
  const chargesByPage = new Map<string, number>();
  const chargesByOrder = new Map<string, number>();
  const refunds: { transactionId: number; amountAgorot: number; newTransactionId: number }[] = [];
  const requests: ReceivedRequest[] = [];
  const webhooks: { pageId: string; url: string; ok: boolean }[] = [];
  const faults = new Map<string, FaultKind[]>();
  let pageSeq = 0;
  let transactionSeq = 50_000_000;
  let baseUrl = '';

  const control = {
    /** When set, the page posts its webhook but answers 200 instead of redirecting (the browser never returns). */
    webhookWithoutRedirect: false,
    /** When false, the page does not post its webhook at all (a lost webhook: only the redirect or a poll remains). */
    autoWebhook: true,
  };

  const deliver =
    options.deliverWebhook ??
    (async (url: string, body: CardcomLpResult) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    });

  const lpResultOf = (page: FakePage): CardcomLpResult => {
    const base = { ResponseCode: 0, Description: 'OK', LowProfileId: page.id, ReturnValue: page.request.ReturnValue };
    const declined = page.disagree || page.outcome === 'decline';
    if (declined) {
      return {
        ...base,
        TranzactionId: 0,
        TranzactionInfo: { ResponseCode: DECLINE_CODE, Description: 'Refused by the card company', TranzactionId: 0, Amount: page.request.Amount, CoinId: 1 },
      };
    }
    if (page.outcome !== 'pay' || !page.transactionId) return { ...base, TranzactionId: 0, TranzactionInfo: null, DocumentInfo: null };
    return {
      ...base,
      TranzactionId: page.transactionId,
      TranzactionInfo: {
        ResponseCode: 0,
        Description: 'Approved',
        TranzactionId: page.transactionId,
        Amount: page.altered?.amount ?? page.request.Amount,
        CoinId: page.altered?.coinId ?? 1,
        Last4CardDigitsString: '0000',
        Last4CardDigits: 0,
        CardName: 'Visa',
        Brand: 'Visa',
        PaymentType: 'Standard',
        // As measured on Cardcom's test terminal: the deal carries the document link, DocumentInfo's is empty.
        DocumentUrl: `https://fake-cardcom.invalid/documents/${page.transactionId}`,
      },
      ExternalPaymentVector: 'NoneOrUnknown',
      DocumentInfo: { DocumentNumber: page.transactionId - 49_000_000, DocumentUrl: null },
    };
  };

  /** Records the page's outcome once; a second choice on a finished page changes nothing (as on the real page). */
  const decide = (id: string, outcome: FakeOutcome): FakePage => {
    const page = pages.get(id);
    if (!page) throw new Error(`no page ${id}`);
    if (page.outcome) return page;
    page.outcome = outcome;
    if (outcome === 'pay') {
      page.transactionId = ++transactionSeq;
      chargesByPage.set(id, (chargesByPage.get(id) ?? 0) + 1);
      chargesByOrder.set(page.request.ReturnValue, (chargesByOrder.get(page.request.ReturnValue) ?? 0) + 1);
    }
    return page;
  };

  const sendWebhook = async (id: string, { times = 1, delayMs = 0, parallel = false }: { times?: number; delayMs?: number; parallel?: boolean } = {}) => {
    const page = pages.get(id);
    if (!page) throw new Error(`no page ${id}`);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const once = async () => {
      try {
        await deliver(page.request.WebHookUrl, lpResultOf({ ...page, disagree: false }));
        webhooks.push({ pageId: id, url: page.request.WebHookUrl, ok: true });
      } catch {
        webhooks.push({ pageId: id, url: page.request.WebHookUrl, ok: false });
      }
    };
    if (parallel) await Promise.all(Array.from({ length: times }, once));
    else for (let i = 0; i < times; i++) await once();
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const twoDecimals = (value: unknown): value is number => typeof value === 'number' && value > 0 && agorotOf(value) !== null;

  const handleCreate = (body: Partial<CardcomCreateRequest>) => {
    if (body.TerminalNumber !== terminalNumber || body.ApiName !== apiName) return { ResponseCode: 5034, Description: 'Invalid terminal number or API name' };
    if (body.Operation !== 'ChargeOnly') return { ResponseCode: 5100, Description: 'Unsupported operation' };
    if (!twoDecimals(body.Amount)) return { ResponseCode: 5101, Description: 'Invalid amount' };
    if (body.ISOCoinId !== 1) return { ResponseCode: 5102, Description: 'Invalid coin' };
    if (!body.ReturnValue || body.ReturnValue.length > 250) return { ResponseCode: 5103, Description: 'Invalid ReturnValue' };
    for (const field of ['SuccessRedirectUrl', 'FailedRedirectUrl', 'CancelRedirectUrl', 'WebHookUrl'] as const) {
      if (typeof body[field] !== 'string' || !/^https?:\/\//.test(body[field])) return { ResponseCode: 5104, Description: `Invalid ${field}` };
    }
    if (!['he', 'en', 'ru', 'ar', 'sp'].includes(body.Language ?? '')) return { ResponseCode: 5105, Description: 'Invalid language' };
    if (typeof body.ProductName !== 'string' || body.ProductName.length > 50) return { ResponseCode: 5107, Description: 'ProductName longer than 50' };
    const products = body.Document?.Products ?? [];
    const documentTotal = products.reduce((sum, product) => sum + (agorotOf(product.UnitCost) ?? NaN) * product.Quantity, 0);
    if (body.Document?.DocumentTypeToCreate !== 'TaxInvoiceAndReceipt' || documentTotal !== agorotOf(body.Amount)) {
      return { ResponseCode: 5106, Description: 'Document total differs from the amount' };
    }
    const id = `${'00000000'}-0000-4000-8000-${String(++pageSeq).padStart(12, '0')}`;
    pages.set(id, { id, request: body as CardcomCreateRequest, outcome: null, transactionId: null, disagree: false, refundedAgorot: 0 });
    return { ResponseCode: 0, Description: 'OK', LowProfileId: id, Url: `${baseUrl}/pay/${id}`, UrlToBit: `${baseUrl}/pay/${id}?bit=1` };
  };

  const handleRefund = (body: { ApiName?: string; ApiPassword?: string; TransactionId?: number; PartialSum?: number; AllowMultipleRefunds?: boolean }) => {
    if (body.ApiName !== apiName || body.ApiPassword !== apiPassword) return { ResponseCode: 5034, Description: 'Invalid API name or password' };
    const page = [...pages.values()].find((p) => p.transactionId === body.TransactionId && p.outcome === 'pay');
    if (!page) return { ResponseCode: 5200, Description: 'Transaction not found' };
    if (page.refundedAgorot > 0 && body.AllowMultipleRefunds !== true) return { ResponseCode: 5202, Description: 'The transaction was already refunded' };
    const charged = agorotOf(page.request.Amount) ?? 0;
    const amount = agorotOf(body.PartialSum);
    if (!amount || amount <= 0 || amount > charged - page.refundedAgorot) return { ResponseCode: 5201, Description: 'Invalid refund sum' };
    page.refundedAgorot += amount;
    const newTransactionId = ++transactionSeq;
    refunds.push({ transactionId: page.transactionId!, amountAgorot: amount, newTransactionId });
    return { ResponseCode: 0, Description: 'OK', NewTranzactionId: newTransactionId };
  };

  const pageHtml = (page: FakePage) => `<!doctype html><html lang="${page.request.Language}"><meta charset="utf-8"><title>Fake Cardcom</title>
<h1>${escapeHtml(page.request.ProductName)}</h1><p data-testid="amount">${page.request.Amount.toFixed(2)} ₪</p>
${(['pay', 'decline', 'cancel'] as const)
  .map((outcome) => `<form method="post" action="/pay/${page.id}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" data-testid="fake-cardcom-${outcome}">${outcome}</button></form>`)
  .join('\n')}</html>`;

  const handlePage = async (req: IncomingMessage, res: ServerResponse, id: string, rawBody: string) => {
    const page = pages.get(id);
    if (!page) return json(res, 404, { message: 'no such page' });
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(pageHtml(page));
    }
    const outcome = new URLSearchParams(rawBody).get('outcome');
    if (outcome !== 'pay' && outcome !== 'decline' && outcome !== 'cancel') return json(res, 400, { message: 'outcome?' });
    const decided = !page.outcome;
    decide(id, outcome);
    // Cardcom calls the webhook when a deal ends (charged or refused); leaving through "cancel" only redirects.
    if (decided && control.autoWebhook && page.outcome !== 'cancel') await sendWebhook(id);
    if (control.webhookWithoutRedirect) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><p>Thank you</p>');
    }
    const location =
      page.outcome === 'pay' ? page.request.SuccessRedirectUrl : page.outcome === 'decline' ? page.request.FailedRedirectUrl : page.request.CancelRedirectUrl;
    res.writeHead(302, { location });
    res.end();
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const rawBody = await readBody(req);
      let body: unknown = rawBody;
      if ((req.headers['content-type'] ?? '').includes('json')) {
        try {
          body = JSON.parse(rawBody);
        } catch {
          return json(res, 400, { message: 'bad JSON' });
        }
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, at: Date.now() });
      const pageMatch = /^\/pay\/([A-Za-z0-9-]+)$/.exec(url.pathname);
      if (pageMatch) return handlePage(req, res, pageMatch[1]!, rawBody);
      if (req.method !== 'POST') return json(res, 405, { message: 'POST only' });
      const fault = faults.get(url.pathname)?.shift();
      if (fault) {
        if ('status' in fault) return json(res, fault.status, { message: 'fault' });
        if ('responseCode' in fault) return json(res, 200, { ResponseCode: fault.responseCode, Description: 'Injected failure' });
        if ('notJson' in fault) {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>maintenance</html>');
        }
        await new Promise((resolve) => setTimeout(resolve, fault.hangMs));
      }
      const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      switch (url.pathname) {
        case CARDCOM_PATHS.create:
          return json(res, 200, handleCreate(fields as Partial<CardcomCreateRequest>));
        case CARDCOM_PATHS.result: {
          if (fields['TerminalNumber'] !== terminalNumber || fields['ApiName'] !== apiName) {
            return json(res, 200, { ResponseCode: 5034, Description: 'Invalid terminal number or API name' });
          }
          const page = pages.get(String(fields['LowProfileId']));
          if (!page) return json(res, 200, { ResponseCode: 5300, Description: 'LowProfile not found' });
          return json(res, 200, lpResultOf(page));
        }
        case CARDCOM_PATHS.refund:
          return json(res, 200, handleRefund(fields));
        default:
          return json(res, 404, { message: 'unknown path' });
      }
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    terminalNumber,
    apiName,
    apiPassword,
    /** Environment for an app that pays through this fake. */
    env: (): Record<string, string> => ({
      PAYMENT_PROVIDER: 'cardcom',
      CARDCOM_API_URL: baseUrl,
      CARDCOM_TERMINAL_NUMBER: String(terminalNumber),
      CARDCOM_API_NAME: apiName,
      CARDCOM_API_PASSWORD: apiPassword,
    }),
    control,
    pages,
    requests,
    webhooks,
    refunds,
    decide,
    sendWebhook,
    disagree: (id: string) => {
      const page = pages.get(id);
      if (!page) throw new Error(`no page ${id}`);
      page.disagree = true;
    },
    /** The deal on this page reports another amount (shekels) or currency than the page asked for. */
    alterCharge: (id: string, altered: { amount?: number; coinId?: number }) => {
      const page = pages.get(id);
      if (!page) throw new Error(`no page ${id}`);
      page.altered = altered;
    },
    /** The next calls to `path` fail this way, in order. */
    fail: (path: string, ...kinds: FaultKind[]) => faults.set(path, [...(faults.get(path) ?? []), ...kinds]),
    /** What the browser does on the hosted page: the form post, answering the redirect's target (or null). */
    submit: async (id: string, outcome: FakeOutcome): Promise<{ status: number; location: string | null }> => {
      const response = await fetch(`${baseUrl}/pay/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome }).toString(),
        redirect: 'manual',
      });
      await response.body?.cancel();
      return { status: response.status, location: response.headers.get('location') };
    },
    chargesOfPage: (id: string) => chargesByPage.get(id) ?? 0,
    chargesOfOrder: (orderId: string) => chargesByOrder.get(orderId) ?? 0,
    /** Orders charged more than once (must stay empty). */
    chargedTwice: () => [...chargesByOrder].filter(([, count]) => count > 1).map(([orderId]) => orderId),
    totalCharges: () => [...chargesByPage.values()].reduce((sum, count) => sum + count, 0),
    pageOfOrder: (orderId: string) => [...pages.values()].filter((page) => page.request.ReturnValue === orderId).at(-1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type FakeCardcom = Awaited<ReturnType<typeof startFakeCardcom>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
