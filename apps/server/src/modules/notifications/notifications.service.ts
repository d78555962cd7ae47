import type { NotificationsResponse } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import * as repo from './notifications.repository.js';

const LIST_LIMIT = 30;
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export const listNotifications = async (ctx: AppContext, userId: string): Promise<NotificationsResponse> => {
  const [rows, unread] = await Promise.all([repo.listForMember(ctx.db, userId, LIST_LIMIT), repo.countUnread(ctx.db, userId)]);
  return {
    items: rows.map(({ latestGuestId, latestGuestName, reached, notReached, ...row }) => ({
      ...row,
      reach: reached === null || notReached === null ? null : { reached, notReached },
      date: iso(row.date),
      statusDate: iso(row.statusDate),
      // A new phone waiting for approval has a typed name but no guest yet.
      latestGuest:
        latestGuestName !== null && (latestGuestId || row.type === 'publicGuestWaiting') ? { id: latestGuestId, fullName: latestGuestName } : null,
    })),
    unread,
  };
};

export const markNotificationsRead = async (ctx: AppContext, userId: string): Promise<{ ok: true }> => {
  await repo.markAllRead(ctx.db, userId);
  return { ok: true };
};
