import {
  API,
  couponCheckResponseSchema,
  createOrderResponseSchema,
  eventSchema,
  loginResponseSchema,
  orderSchema,
  ordersResponseSchema,
  ottResponseSchema,
  packagesResponseSchema,
  type CancelOrderInput,
  type CouponCheckInput,
  type CreateOrderInput,
  type MessageChannel,
  type Order,
} from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { eventKeys } from '../events/api';

export const billingKeys = {
  packages: (eventId: string) => ['packages', eventId] as const,
  orders: ['orders'] as const,
  order: (orderId: string) => ['orders', orderId] as const,
};

/** Prices, the event's current package and the suggested tier (`GET packages/{id}`). */
export const usePackages = (eventId: string) =>
  useQuery({
    queryKey: billingKeys.packages(eventId),
    queryFn: ({ signal }) => apiRequest(API.packages(eventId), { schema: packagesResponseSchema, signal }),
  });

/** The server's discount and total for a code; 400 INVALID_COUPON when it does not apply. */
export const useCheckCoupon = () =>
  useMutation({
    mutationFn: (input: CouponCheckInput) => apiRequest(API.coupons.check, { method: 'POST', body: input, schema: couponCheckResponseSchema }),
  });

/** The channel preference is the event's own setting, saved at once. */
export const useSetMessageSystem = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageSystem: MessageChannel) =>
      apiRequest(API.event.setMessageSystemPreference(eventId), { method: 'POST', body: { messageSystem }, schema: eventSchema }),
    onSuccess: (event) => queryClient.setQueryData(eventKeys.one(event.id), event),
  });
};

export const useCreateOrder = (eventId: string) =>
  useMutation({
    mutationFn: (input: CreateOrderInput) => apiRequest(API.orders.create(eventId), { method: 'POST', body: input, schema: createOrderResponseSchema }),
  });

const ORDER_POLL_MS = 1500;
/** Polling stops after this long; the page then says the payment is still being confirmed. */
export const ORDER_POLL_LIMIT_MS = 60_000;
const settled = (order: Order | undefined) => order !== undefined && order.status !== 'created' && order.status !== 'pending';

/** One order; while it waits for the provider it is asked again every 1.5 s (each ask re-queries the provider). */
export const useOrder = (orderId: string, { poll }: { poll: boolean }) =>
  useQuery({
    queryKey: billingKeys.order(orderId),
    queryFn: ({ signal }) => apiRequest(API.orders.one(orderId), { schema: orderSchema, signal }),
    enabled: orderId !== '',
    refetchInterval: (query) => (poll && !settled(query.state.data) ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

export const useOrders = () =>
  useQuery({
    queryKey: billingKeys.orders,
    queryFn: ({ signal }) => apiRequest(API.orders.list, { schema: ordersResponseSchema, signal }),
  });

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The contract leaves the answer's shape open: the lists are read again either way.
    mutationFn: ({ orderId, ...input }: CancelOrderInput & { orderId: string; eventId: string }) =>
      apiRequest<unknown>(API.orders.cancel(orderId), { method: 'POST', body: input }),
    onSettled: async (_answer, _error, { eventId }) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.orders });
      await queryClient.invalidateQueries({ queryKey: eventKeys.one(eventId) });
      await queryClient.invalidateQueries({ queryKey: billingKeys.packages(eventId) });
    },
  });
};

/** A one-time sign-in link to the same page in the system browser (leaving the app's web view). */
export const useCreateOtt = () =>
  useMutation({
    mutationFn: (next: string) => apiRequest(API.ott.create, { method: 'POST', body: { next }, schema: ottResponseSchema }),
  });

/** Trades the `/ott` token for a session; sent without the stored token, so a 401 signs nobody out. */
export const redeemOtt = (token: string) =>
  apiRequest(API.ott.redeem, { method: 'POST', body: { token }, schema: loginResponseSchema, withToken: false });
