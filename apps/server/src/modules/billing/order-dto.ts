import { daysBetween, isLang, todayInBusinessZone, vatPartOf, type EventNames, type Lang, type Order } from '@magiim/shared';
import type { OrderWithEvent } from './billing.repository.js';

export const eventNameIn = (names: EventNames, lang: Lang, defaultLang: Lang): string =>
  names[lang] ?? names[defaultLang] ?? Object.values(names).find(Boolean) ?? '';

export const langOf = (value: string): Lang => (isLang(value) ? value : 'he');

/** Cancellation is accepted until the day before the RSVP start (Asia/Jerusalem). */
export const cancellationOpen = (rsvpStartDate: string, today = todayInBusinessZone()): boolean => daysBetween(today, rsvpStartDate) > 0;

/** `sendsStarted`: a message or call of the event reached a provider (self-service cancellation is closed). */
export const toOrderDto = ({ order, event }: OrderWithEvent, today = todayInBusinessZone(), sendsStarted = false): Order => ({
  id: order.id,
  orderNumber: order.orderNumber,
  eventId: order.eventId,
  eventName: eventNameIn(event.names, langOf(order.lang), event.defaultLang),
  kind: order.kind,
  packageId: order.packageId,
  inviteeCount: order.inviteeCount,
  subtotal: order.subtotal,
  couponDiscount: order.couponDiscount,
  total: order.total,
  vat: vatPartOf(order.total),
  paidAmount: order.paidAmount,
  paymentMethod: order.paymentMethod,
  cardBrand: order.cardBrand,
  cardLast4: order.cardLast4,
  status: order.status,
  refundAmount: order.status === 'refunded' ? order.refundAmount : null,
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
  receiptUrl: order.receiptUrl,
  rsvpStartDate: event.rsvpStartDate,
  cancellable: order.status === 'paid' && order.refundAmount === null && !sendsStarted && cancellationOpen(event.rsvpStartDate, today),
});
