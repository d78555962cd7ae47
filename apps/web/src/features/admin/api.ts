import {
  API,
  adminAuditPageSchema,
  adminCouponsPageSchema,
  adminEventsPageSchema,
  adminGiftRequestsPageSchema,
  adminMessageFailuresPageSchema,
  adminOrdersPageSchema,
  adminTemplateReviewsPageSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  type AdminGiftDecisionBody,
  type AdminUserAction,
  type AdminUserDetail,
} from '@magiim/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../app/api-client';
import { listApiQuery, type AdminListParams, type AdminSection } from './admin-sections';

/** Each section's list address and answer schema. */
export const ADMIN_LISTS = {
  users: { path: API.apps.users, schema: adminUsersPageSchema },
  events: { path: API.admin.events, schema: adminEventsPageSchema },
  orders: { path: API.admin.orders, schema: adminOrdersPageSchema },
  coupons: { path: API.admin.coupons, schema: adminCouponsPageSchema },
  gifts: { path: API.admin.giftRequests, schema: adminGiftRequestsPageSchema },
  templates: { path: API.admin.templateReviews, schema: adminTemplateReviewsPageSchema },
  failures: { path: API.admin.messageFailures, schema: adminMessageFailuresPageSchema },
  audit: { path: API.admin.audit, schema: adminAuditPageSchema },
} as const satisfies Record<AdminSection, { path: string; schema: unknown }>;

export type AdminListPage<S extends AdminSection> = z.infer<(typeof ADMIN_LISTS)[S]['schema']>;

export const adminKeys = {
  all: ['admin'] as const,
  list: (section: AdminSection, params: AdminListParams) => ['admin', 'list', section, params] as const,
  user: (id: string) => ['admin', 'user', id] as const,
};

/** One page of a section's list; the page shown stays while the next loads (no jump to a skeleton when paging). */
export const useAdminList = <S extends AdminSection>(section: S, params: AdminListParams) =>
  useQuery({
    queryKey: adminKeys.list(section, params),
    queryFn: ({ signal }) => {
      const list = ADMIN_LISTS[section];
      return apiRequest(`${list.path}?${listApiQuery(section, params)}`, { signal, schema: list.schema as unknown as z.ZodType<AdminListPage<S>> });
    },
    placeholderData: keepPreviousData,
  });

/** `GET apps/user/users/{id}`: the account, its events, orders and sign-ins. */
export const useAdminUser = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: ({ signal }) => apiRequest<AdminUserDetail>(API.apps.user(id!), { signal, schema: adminUserDetailSchema }),
    enabled: Boolean(id),
  });

/** `POST apps/user/users {id, action, reason}`; afterwards every admin list and the user are read again. */
export const useAdminUserAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; action: AdminUserAction; reason: string }) => apiRequest(API.apps.users, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

/** `POST admin/gift-requests/{eventId} {action, reason}`: approve or reject a gift-link request. */
export const useGiftDecision = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, ...body }: { eventId: string } & AdminGiftDecisionBody) =>
      apiRequest(API.admin.giftDecision(eventId), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
