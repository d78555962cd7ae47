import type { WhatsAppReviewStatus } from '../index.js';

/** Our placeholder name → Meta's named variable: guestName → guest_name, navigationLink → navigation_link. */
export const metaParameterName = (placeholder: string): string =>
  placeholder
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase();

const REVIEW_STATUS: Record<string, WhatsAppReviewStatus> = {
  APPROVED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  UNARCHIVED: 'pending',
  REINSTATED: 'approved',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
  ARCHIVED: 'deleted',
  DELETED: 'deleted',
  PENDING_DELETION: 'deleted',
};

/** Meta's template status or event (APPROVED, IN_APPEAL…) as ours; null when Meta says something we do not know. */
export const reviewStatusOf = (metaStatus: unknown): WhatsAppReviewStatus | null =>
  typeof metaStatus === 'string' ? (REVIEW_STATUS[metaStatus.toUpperCase()] ?? null) : null;
