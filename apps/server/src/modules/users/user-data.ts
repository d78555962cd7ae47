import { isLang, DEFAULT_LANG, type UserData } from '@magiim/shared';
import type { UserRow } from '../../db/schema/users.js';

export const toUserData = (user: UserRow): UserData => ({
  id: user.id,
  fullName: user.fullName,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  lang: isLang(user.lang) ? user.lang : DEFAULT_LANG,
  pendingEmail: user.pendingEmail,
  hasPassword: user.passwordHash !== null,
});
