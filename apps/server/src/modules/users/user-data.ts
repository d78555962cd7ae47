import { isLang, DEFAULT_LANG, type UserData } from '@magiim/shared';
import type { UserRow } from '../../db/schema/users.js';
import type { SessionUser } from '../../platform/sessions/session-lookup.js';

/** A user as the account code reads it: a whole row, or the slim one every authenticated request carries. */
export type UserLike = SessionUser | UserRow;

export const hasPassword = (user: UserLike): boolean => ('hasPassword' in user ? user.hasPassword : user.passwordHash !== null);

export const toUserData = (user: UserLike): UserData => ({
  id: user.id,
  fullName: user.fullName,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  lang: isLang(user.lang) ? user.lang : DEFAULT_LANG,
  pendingEmail: user.pendingEmail,
  hasPassword: hasPassword(user),
  guideTour: user.guideTour,
});
