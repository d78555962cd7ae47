import type { AbilityRule } from './schemas/auth.js';

/** Spec §6: everyone may read Public; a signed-in host manages their own account and events. */
export const SUBJECTS = ['Public', 'Account', 'Event', 'all'] as const;
export type Subject = (typeof SUBJECTS)[number];
export const ACTIONS = ['read', 'create', 'update', 'delete', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];

export const GUEST_ABILITY: AbilityRule[] = [{ action: 'read', subject: 'Public' }];

export const HOST_ABILITY: AbilityRule[] = [
  { action: 'read', subject: 'Public' },
  { action: 'manage', subject: 'Account' },
  { action: 'manage', subject: 'Event' },
];

/** Issue 22: an administrator (granted only from the command line) may do everything, the admin console included. */
export const ADMIN_ABILITY: AbilityRule[] = [...HOST_ABILITY, { action: 'manage', subject: 'all' }];
