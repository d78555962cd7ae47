import { z } from 'zod';
import {
  API,
  cancelOrderInputSchema,
  couponCheckInputSchema,
  couponCheckResponseSchema,
  createOrderInputSchema,
  createOrderResponseSchema,
  eventIdParamsSchema,
  MSG,
  orderIdParamsSchema,
  orderSchema,
  ordersResponseSchema,
  packagesResponseSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, platformOf, requireAuth } from '../../platform/auth.js';
import { checkCouponForOrder, getPackages } from './packages.service.js';
import { cancelOrder, createOrder, getOrder, listOrders } from './orders.service.js';

const orderEventParamsSchema = z.object({ eventId: z.uuid({ error: MSG.invalidValue }) });

/** Spec §7 `packages/{id}` and `orders`, and the checkout's coupon check. */
export const registerBillingRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.packages(':id'),
    {
      preHandler,
      schema: {
        tags: ['packages'],
        description: "Prices (agorot, VAT included) of each package and tier, the event's current package and the tier its guest list needs.",
        params: eventIdParamsSchema,
        response: { 200: packagesResponseSchema },
      },
    },
    (request) => getPackages(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.coupons.check,
    {
      preHandler,
      schema: {
        tags: ['packages'],
        description: 'What a coupon takes off this order; 400 INVALID_COUPON when it does not apply.',
        body: couponCheckInputSchema,
        response: { 200: couponCheckResponseSchema },
      },
    },
    (request) => checkCouponForOrder(ctx, userIdOf(request), request.body),
  );

  app.get(
    API.orders.list,
    {
      preHandler,
      schema: {
        tags: ['orders'],
        description: "The caller's orders, newest first: active (paid, events not over; being paid, for a day) and closed.",
        response: { 200: ordersResponseSchema },
      },
    },
    (request) => listOrders(ctx, userIdOf(request)),
  );

  app.post(
    API.orders.create(':eventId'),
    {
      preHandler,
      schema: {
        tags: ['orders'],
        description:
          'Creates an order (the amount is computed here) and answers the payment page to send the host to. Refused in the mobile ' +
          "app's web view (PAYMENT_NOT_IN_WEBVIEW).",
        params: orderEventParamsSchema,
        body: createOrderInputSchema,
        response: { 200: createOrderResponseSchema },
      },
    },
    (request) => createOrder(ctx, userIdOf(request), request.params.eventId, request.body, platformOf(request)),
  );

  app.get(
    API.orders.one(':orderId'),
    {
      preHandler,
      schema: {
        tags: ['orders'],
        description: 'One order of the caller; a pending one is verified with the provider first (the success page polls this).',
        params: orderIdParamsSchema,
        response: { 200: orderSchema },
      },
    },
    (request) => getOrder(ctx, userIdOf(request), request.params.orderId),
  );

  app.post(
    API.orders.cancel(':orderId'),
    {
      preHandler,
      schema: {
        tags: ['orders'],
        description: "Cancels the event's package before the RSVP start date and before any message or call of the event reached a provider (else CANCELLATION_CLOSED: the terms' written cancellation by e-mail), stops everything still waiting (skipped as cancelled) and refunds it less the fee.",
        params: orderIdParamsSchema,
        body: cancelOrderInputSchema,
        response: { 200: orderSchema },
      },
    },
    (request) => cancelOrder(ctx, userIdOf(request), request.params.orderId, request.body.reason),
  );
};
