import { RATE_LIMITS, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import { notifyEmailChangeRequested, notifyPasswordChanged, sendEmailLink } from '../auth/auth.service.js';
import { findUserByEmail, findUserById, updateUser } from './users.repository.js';
import { toUserData, type UserLike } from './user-data.js';

/** Name changes apply at once; a new e-mail applies only after the link sent to it is opened. */
export const updateProfile = async (ctx: AppContext, user: UserLike, input: { fullName: string; email: string }) => {
  let pendingEmail = user.pendingEmail;
  const wantsNewEmail = input.email !== user.email;
  if (wantsNewEmail && input.email !== user.pendingEmail) {
    const owner = await findUserByEmail(ctx.db, input.email);
    if (owner) throw new AppError('ACCOUNT_EXISTS', 'account exists');
    pendingEmail = input.email;
  }
  if (!wantsNewEmail) pendingEmail = null;
  const updated = await updateUser(ctx.db, user.id, { fullName: input.fullName, pendingEmail });
  if (!updated) throw new AppError('UNAUTHORIZED');
  if (wantsNewEmail && input.email !== user.pendingEmail) {
    const lang = toUserData(updated).lang;
    await sendEmailLink(ctx, updated, 'change_email', { lang, to: input.email });
    await notifyEmailChangeRequested(ctx, updated, input.email);
  }
  return toUserData(updated);
};

/** Other sessions are signed out; the one that changed the password stays. */
export const changePassword = async (
  ctx: AppContext,
  sessionUser: UserLike,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> => {
  const user = await findUserById(ctx.db, sessionUser.id);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET', 'account signs in with Google only');
  const bucket = `login:account:${user.email}`;
  await ctx.rateLimiter.assertUnder([{ bucket, limit: RATE_LIMITS.failedLoginsPerAccount }]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await ctx.rateLimiter.record([bucket]);
    throw new AppError('WRONG_CURRENT_PASSWORD', 'current password is wrong');
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
  await revokeUserSessions(ctx.db, user.id, sessionId);
  await notifyPasswordChanged(ctx, user);
};

export const updateLang = async (ctx: AppContext, user: UserLike, lang: Lang) => {
  const updated = await updateUser(ctx.db, user.id, { lang });
  if (!updated) throw new AppError('UNAUTHORIZED');
  return toUserData(updated);
};
