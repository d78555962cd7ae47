import { z } from 'zod';
import { directionOf, VAT_PERCENT, vatPartOf, type Lang, type OrderStatus } from '@magiim/shared';
import type { FastifyInstance } from 'fastify';
import type { AppInstance } from '../../app.js';
import { findSandboxPayment, recordSandboxOutcome, SANDBOX_OUTCOMES, type SandboxOutcome } from '../../providers/payment/sandbox.js';
import { langOf } from './order-dto.js';
import { formatShekels } from './order-email-texts.js';
import { findOrderWithEvent, handlePaymentCallback } from './payments.service.js';
import { SANDBOX_PAGE_TEXTS } from './sandbox-page-texts.js';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Tokens of docs/design.md (canvas, paper, ink, primary, rose, line; radius 10/16; 44 px targets).
const CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;background:#FBF8F5;color:#2A2433;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew","Noto Sans Arabic",Arial,sans-serif}',
  '.ribbon{background:#B73E63;color:#fff;text-align:center;font-weight:600;padding:.5rem 1rem}',
  'main{max-width:30rem;margin:1.5rem auto;padding:0 .75rem}',
  '.card{background:#fff;border:1px solid #E9E3EC;border-radius:16px;box-shadow:0 2px 10px rgba(42,36,51,.06);padding:1.25rem}',
  'h1{font-size:1.5rem;margin:0 0 .75rem}.soft{color:#5E5668}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}',
  'form{display:flex;flex-direction:column;gap:.5rem}',
  'button{min-height:44px;border-radius:10px;border:1px solid #6457E6;background:#fff;color:#4E43C0;font:inherit;font-weight:600;cursor:pointer}',
  'button[value=pay]{background:#6457E6;color:#fff}',
  'table{width:100%;border-collapse:collapse}td{padding:.375rem 0;border-bottom:1px solid #E9E3EC}td:last-child{text-align:end}',
].join('');

const page = (lang: Lang, title: string, body: string): string => `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><div class="ribbon">${escapeHtml(SANDBOX_PAGE_TEXTS[lang].notice)}</div><main><div class="card">${body}</div></main></body></html>`;

// Intl writes the language's own direction marks around the amount; <bdi> keeps it whole inside the sentence.
const money = (agorot: number, lang: Lang) => `<bdi>${escapeHtml(formatShekels(agorot, lang))}</bdi>`;

const PAYABLE: readonly OrderStatus[] = ['created', 'pending', 'failed', 'cancelled'];

const paramsSchema = z.object({ ref: z.string().min(1).max(100) });
const outcomeSchema = z.object({ outcome: z.enum(SANDBOX_OUTCOMES as [SandboxOutcome, ...SandboxOutcome[]]) });

const parseForm = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
  done(null, Object.fromEntries(new URLSearchParams(body)));
};

/**
 * The sandbox provider's hosted page (`PAYMENT_PROVIDER=sandbox` only): Pay, Decline and Cancel post the
 * outcome here; it is recorded once, then the same code as the provider callback verifies and applies it,
 * and the browser is sent to the success or failure step like a real provider would.
 */
export const registerSandboxPaymentPages = async (app: AppInstance) => {
  await app.register(async (scope: FastifyInstance) => {
    const typed = scope as unknown as AppInstance;
    const { ctx } = typed;
    typed.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, parseForm);

    const langOfPayment = async (orderId: string): Promise<Lang> => {
      const found = await findOrderWithEvent(ctx, orderId);
      return found ? langOf(found.order.lang) : 'he';
    };

    /** Like a real page whose deal was withdrawn: an order replaced or closed takes no money here. */
    const payable = async (orderId: string): Promise<boolean> => {
      const found = await findOrderWithEvent(ctx, orderId);
      return !!found && PAYABLE.includes(found.order.status);
    };

    typed.get('/dev/payment/:ref', { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
      const payment = await findSandboxPayment(ctx.db, request.params.ref);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!payment) return reply.code(404).send(page('he', SANDBOX_PAGE_TEXTS.he.notFound, `<p>${escapeHtml(SANDBOX_PAGE_TEXTS.he.notFound)}</p>`));
      const lang = await langOfPayment(payment.orderId);
      const t = SANDBOX_PAGE_TEXTS[lang];
      const action = `/dev/payment/${encodeURIComponent(payment.ref)}`;
      const controls = payment.outcome
        ? `<p><strong>${escapeHtml(t.decided(payment.outcome))}</strong></p>`
        : !(await payable(payment.orderId))
          ? `<p><strong>${escapeHtml(t.closed)}</strong></p>`
          : `<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="outcome" value="pay">${escapeHtml(t.pay)}</button>
<button type="submit" name="outcome" value="decline">${escapeHtml(t.decline)}</button>
<button type="submit" name="outcome" value="cancel">${escapeHtml(t.cancel)}</button></form>`;
      return page(
        lang,
        t.title,
        `<h1>${escapeHtml(t.title)}</h1><p class="soft">${escapeHtml(payment.description)}</p>
<p class="soft">${escapeHtml(t.amount)}</p><p class="amount">${money(payment.amount, lang)}</p>${controls}`,
      );
    });

    typed.post('/dev/payment/:ref', { schema: { hide: true, params: paramsSchema, body: outcomeSchema } }, async (request, reply) => {
      const before = await findSandboxPayment(ctx.db, request.params.ref);
      if (before && !before.outcome && request.body.outcome === 'pay' && !(await payable(before.orderId))) {
        const lang = await langOfPayment(before.orderId);
        const t = SANDBOX_PAGE_TEXTS[lang];
        return reply.code(409).type('text/html; charset=utf-8').send(page(lang, t.title, `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.closed)}</p>`));
      }
      const payment = await recordSandboxOutcome(ctx.db, request.params.ref, request.body.outcome);
      if (!payment?.outcome) return reply.code(404).type('text/html; charset=utf-8').send(page('he', SANDBOX_PAGE_TEXTS.he.notFound, ''));
      try {
        await handlePaymentCallback(ctx, 'sandbox', { ref: payment.ref });
      } catch (error) {
        request.log.error({ err: error }, 'sandbox payment could not be applied');
      }
      const to = payment.outcome === 'pay' ? payment.successUrl : payment.outcome === 'decline' ? payment.failUrl : payment.cancelUrl;
      return reply.code(303).redirect(to);
    });

    typed.get('/dev/payment/:ref/receipt', { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
      const payment = await findSandboxPayment(ctx.db, request.params.ref);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const found = payment?.outcome === 'pay' ? await findOrderWithEvent(ctx, payment.orderId) : undefined;
      if (!payment || !found) return reply.code(404).send(page('he', SANDBOX_PAGE_TEXTS.he.notFound, `<p>${escapeHtml(SANDBOX_PAGE_TEXTS.he.notFound)}</p>`));
      const lang = langOf(found.order.lang);
      const t = SANDBOX_PAGE_TEXTS[lang];
      const vat = vatPartOf(payment.amount);
      const rows: [string, string][] = [
        [t.orderNumber, `<bdi>${found.order.orderNumber}</bdi>`],
        [t.description, escapeHtml(payment.description)],
        [t.beforeVat, money(payment.amount - vat, lang)],
        [t.vat(VAT_PERCENT), money(vat, lang)],
        [t.total, `<strong>${money(payment.amount, lang)}</strong>`],
        [t.paidBy, '<bdi dir="ltr">Visa •••• 4242</bdi>'],
        ...(payment.refundedAmount > 0 ? ([[t.refunded, money(payment.refundedAmount, lang)]] as [string, string][]) : []),
      ];
      const table = rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${value}</td></tr>`).join('');
      return page(lang, t.receipt, `<h1>${escapeHtml(t.receipt)}</h1><table>${table}</table>`);
    });
  });
};
