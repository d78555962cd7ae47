import { vatPartOf, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { renderEmail } from '../mail/mail-layout.js';
import * as repo from './billing.repository.js';
import type { RefundWhy } from './paid-event.js';
import { eventNameIn, langOf } from './order-dto.js';
import { formatShekels, ORDER_EMAIL_TEXTS } from './order-email-texts.js';

/** "Premium package, 300 guests" in the order's language. */
export const whatWasBought = (lang: Lang, packageId: number, inviteeCount: number): string => {
  const texts = ORDER_EMAIL_TEXTS[lang];
  return `${texts.packageName(packageId)}, ${texts.guests(inviteeCount)}`;
};

const hostOf = async (ctx: AppContext, userId: string) => {
  const host = await repo.findUserContact(ctx.db, userId);
  if (!host) ctx.logger.warn({ userId }, 'order e-mail: the host is gone');
  return host;
};

/** The receipt e-mail after a payment, in the language of the checkout. */
export const sendPaidEmail = async (ctx: AppContext, found: repo.OrderWithEvent): Promise<void> => {
  const { order, event } = found;
  const host = await hostOf(ctx, order.userId);
  if (!host) return;
  const lang = langOf(order.lang);
  const texts = ORDER_EMAIL_TEXTS[lang];
  const eventName = eventNameIn(event.names, lang, event.defaultLang);
  const email = renderEmail(lang, {
    subject: texts.paid.subject(order.orderNumber),
    greeting: texts.greeting(host.fullName),
    paragraphs: [
      texts.paid.body(eventName, whatWasBought(lang, order.packageId, order.inviteeCount)),
      texts.paid.amount(formatShekels(order.paidAmount, lang), formatShekels(vatPartOf(order.paidAmount), lang)),
      texts.paid.next,
    ],
    ...(order.receiptUrl ? { action: { label: texts.paid.action, url: order.receiptUrl } } : {}),
    footer: texts.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: host.email, ...email });
};

export const sendFailedEmail = async (ctx: AppContext, found: repo.OrderWithEvent): Promise<void> => {
  const { order, event } = found;
  const host = await hostOf(ctx, order.userId);
  if (!host) return;
  const lang = langOf(order.lang);
  const texts = ORDER_EMAIL_TEXTS[lang];
  const email = renderEmail(lang, {
    subject: texts.failed.subject(order.orderNumber),
    greeting: texts.greeting(host.fullName),
    paragraphs: [texts.failed.body(eventNameIn(event.names, lang, event.defaultLang))],
    action: { label: texts.failed.action, url: `${ctx.config.appUrl}/pricing/${order.eventId}` },
    footer: texts.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: host.email, ...email });
};

/**
 * The written record of a cancellation: to the host in the checkout's language, and to support (in Hebrew,
 * naming the host), each with the reason, the refund and the fee kept.
 */
export const sendCancellationEmails = async (
  ctx: AppContext,
  found: repo.OrderWithEvent,
  totals: { refund: number; fee: number; reason: string; orderNumbers: number[] },
): Promise<void> => {
  const { order, event } = found;
  const host = await hostOf(ctx, order.userId);
  if (!host) return;
  const render = (lang: Lang, withHost: boolean) => {
    const texts = ORDER_EMAIL_TEXTS[lang];
    const numbers = totals.orderNumbers.join(', ');
    return renderEmail(lang, {
      subject: texts.cancelled.subject(order.orderNumber),
      greeting: texts.greeting(withHost ? 'Magiim' : host.fullName),
      paragraphs: [
        texts.cancelled.body(eventNameIn(event.names, lang, event.defaultLang)),
        ...(withHost ? [texts.host(host.fullName, host.email), `#${numbers}`] : []),
        texts.cancelled.refund(formatShekels(totals.refund, lang), formatShekels(totals.fee, lang)),
        texts.cancelled.reason(totals.reason),
      ],
      footer: texts.footer(ctx.config.supportEmail),
    });
  };
  await ctx.enqueueEmail({ to: host.email, ...render(langOf(order.lang), false) });
  await ctx.enqueueEmail({ to: ctx.config.supportEmail, ...render('he', true) });
};

/** Money refunded in full without the host asking, and why; the link leads back to checkout at today's price. */
export const sendRefundedEmail = async (ctx: AppContext, found: repo.OrderWithEvent, why: RefundWhy): Promise<void> => {
  const { order, event } = found;
  const host = await hostOf(ctx, order.userId);
  if (!host) return;
  const lang = langOf(order.lang);
  const texts = ORDER_EMAIL_TEXTS[lang];
  const email = renderEmail(lang, {
    subject: texts.refunded.subject(order.orderNumber),
    greeting: texts.greeting(host.fullName),
    paragraphs: [texts.refunded.body(eventNameIn(event.names, lang, event.defaultLang), formatShekels(order.paidAmount, lang)), texts.refunded[why]],
    action: { label: texts.refunded.action, url: `${ctx.config.appUrl}/pricing/${order.eventId}` },
    footer: texts.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: host.email, ...email });
};

/** To support (in Hebrew, naming the host): money that matches no order, kept as `needsAttention`. */
export const sendAttentionEmail = async (ctx: AppContext, found: repo.OrderWithEvent, reason: string): Promise<void> => {
  const { order, event } = found;
  const host = await hostOf(ctx, order.userId);
  const texts = ORDER_EMAIL_TEXTS.he;
  const email = renderEmail('he', {
    subject: texts.attention.subject(order.orderNumber),
    greeting: texts.greeting('Magiim'),
    paragraphs: [
      texts.attention.body(reason),
      eventNameIn(event.names, 'he', event.defaultLang),
      ...(host ? [texts.host(host.fullName, host.email)] : []),
      `#${order.orderNumber}`,
    ],
    footer: texts.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: ctx.config.supportEmail, ...email });
};
