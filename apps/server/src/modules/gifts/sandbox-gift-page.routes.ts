import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { directionOf, GIFT_AMOUNT_MAX_AGOROT, GIFT_FEE_PERCENT, type Lang } from '@magiim/shared';
import type { FastifyInstance } from 'fastify';
import type { AppInstance } from '../../app.js';
import { eventNameIn } from '../billing/order-dto.js';
import { findSandboxGiftEvent, reportGiftLinkPayment } from './gifts.service.js';

const TEXTS: Record<Lang, { title: string; notice: string; body: (event: string) => string; fee: string; unknown: string }> = {
  he: {
    title: 'מתנה באשראי (סביבת ניסיון)',
    notice: 'דף ניסיון: שום סכום לא נגבה',
    body: (event) => `כאן האורחים יעבירו מתנה באשראי ל${event} בדף של חברת הסליקה.`,
    fee: `האורחים משלמים עמלה של ${GIFT_FEE_PERCENT}% מעבר לסכום המתנה.`,
    unknown: 'הקישור הזה לא מוכר.',
  },
  en: {
    title: 'Credit card gift (test)',
    notice: 'Test page: nothing is charged',
    body: (event) => `Here guests would give a gift by credit card for ${event}, on the card provider's page.`,
    fee: `Guests pay a ${GIFT_FEE_PERCENT}% fee on top of the gift.`,
    unknown: 'This link is not known.',
  },
  ru: {
    title: 'Подарок картой (тест)',
    notice: 'Тестовая страница: деньги не списываются',
    body: (event) => `Здесь гости дарили бы подарок картой на мероприятие «${event}» на странице платёжной компании.`,
    fee: `Гости платят комиссию ${GIFT_FEE_PERCENT}% сверх суммы подарка.`,
    unknown: 'Эта ссылка неизвестна.',
  },
  ar: {
    title: 'هدية ببطاقة الائتمان (تجربة)',
    notice: 'صفحة تجريبية: لا يُخصم أي مبلغ',
    body: (event) => `هنا يقدّم الضيوف هدية ببطاقة الائتمان لمناسبة ${event} في صفحة شركة الدفع.`,
    fee: `يدفع الضيوف عمولة ${GIFT_FEE_PERCENT}% فوق مبلغ الهدية.`,
    unknown: 'هذا الرابط غير معروف.',
  },
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS =
  'body{margin:0;background:#FBF8F5;color:#2A2433;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew","Noto Sans Arabic",Arial,sans-serif}' +
  '.ribbon{background:#B73E63;color:#fff;text-align:center;font-weight:600;padding:.5rem 1rem}' +
  'main{max-width:30rem;margin:1.5rem auto;padding:0 .75rem}' +
  '.card{background:#fff;border:1px solid #E9E3EC;border-radius:16px;box-shadow:0 2px 10px rgba(42,36,51,.06);padding:1.25rem}' +
  'h1{font-size:1.5rem;margin:0 0 .75rem}.soft{color:#5E5668}';

const page = (lang: Lang, body: string): string => {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style>${CSS}</style></head>
<body><div class="ribbon">${escapeHtml(t.notice)}</div><main><div class="card"><h1>${escapeHtml(t.title)}</h1>${body}</div></main></body></html>`;
};

const paramsSchema = z.object({ ref: z.string().min(1).max(100) });
const paymentSchema = z.object({
  /** The provider's reference of the payment (a new one when absent); the same reference twice is one payment. */
  paymentRef: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).optional(),
  /** Agorot. */
  amount: z.number().int().min(1).max(GIFT_AMOUNT_MAX_AGOROT),
  payerName: z.string().max(100).default(''),
  payerPhone: z.string().max(30).default(''),
});

/**
 * The sandbox gift provider's link (`/dev/gift/<ref>`): a test page in the event's language saying what the card
 * provider's page would do, so the link a host copies in development opens something. Only with the sandbox provider.
 */
export const registerSandboxGiftPage = async (app: AppInstance) => {
  await app.register(async (scope: FastifyInstance) => {
    const typed = scope as unknown as AppInstance;
    const { ctx } = typed;
    typed.get('/dev/gift/:ref', { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
      // A NUL byte cannot be compared with a text column: such a link is simply unknown.
      const ref = request.params.ref.includes('\u0000') ? '' : request.params.ref;
      const found = ref ? await findSandboxGiftEvent(ctx, ref) : undefined;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!found) return reply.code(404).send(page('he', `<p class="soft">${escapeHtml(TEXTS.he.unknown)}</p>`));
      const lang = found.defaultLang;
      const t = TEXTS[lang];
      const event = `<bdi>${escapeHtml(eventNameIn(found.names, lang, found.defaultLang))}</bdi>`;
      return reply.send(page(lang, `<p>${t.body(event)}</p><p class="soft">${escapeHtml(t.fee)}</p>`));
    });
    // Issue 32: the sandbox approves a guest's payment through this link at once and reports it, as a real
    // provider's report would; the gift ledger adds it by itself (once per payment reference).
    typed.post('/dev/gift/:ref/payments', { schema: { hide: true, params: paramsSchema, body: paymentSchema } }, async (request, reply) => {
      const paymentRef = request.body.paymentRef ?? `pay_${randomUUID().replace(/-/g, '')}`;
      const ref = request.params.ref.includes('\u0000') ? '' : request.params.ref;
      const recorded = ref ? await reportGiftLinkPayment(ctx, ref, { ...request.body, paymentRef }) : false;
      if (!recorded) return reply.code(404).send({ code: 'NOT_FOUND', message: 'this link is not an approved gift link' });
      return reply.send({ paymentRef, approved: true });
    });
  });
};
