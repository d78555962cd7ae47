import { adminAuditLog } from '../../db/schema/operations.js';
import type { Db } from '../../platform/db.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** e.g. `user.block`, `user.promote`, `gift.approve`. */
export type AuditAction =
  | 'user.block'
  | 'user.unblock'
  | 'user.deregister'
  | 'user.promote'
  | 'user.demote'
  | 'gift.approve'
  | 'gift.reject'
  | (string & {});

export interface AuditEntry {
  /** The administrator, or null for the command line. */
  adminId: string | null;
  action: AuditAction;
  targetType: 'user' | 'event' | 'coupon' | (string & {});
  targetId: string | null;
  reason?: string | null | undefined;
  /** Non-personal details only (counts, codes); never a token, a link of a guest, or a guest's data. */
  details?: Record<string, unknown> | undefined;
}

/**
 * Issue 22: every administrator action (who, what, when, why). Pass the transaction that made the change
 * when there is one, so the change and its record commit together.
 */
export const writeAudit = async (db: Db | Tx, entry: AuditEntry): Promise<void> => {
  await db.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
};
