import { RATE_LIMITS, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { discardUserTokens, revokeUserSessions } from './auth.repository.js';
import { notifyEmailChangeRequested, notifyEmailTaken, notifyPasswordChanged, sendEmailLink } from './auth.service.js';
import { findUserByEmail, findUserById, toUserData, updateUser, type UserLike } from '../users/public.js';

/**
 * Name changes apply at once; a new e-mail applies only after the link sent to it is opened. The answer is the same
 * whether or not the new address belongs to another account (no probing who has an account); its owner hears of it.
 */
export const updateProfile = async (ctx: AppContext, user: UserLike, input: { fullName: string; email: string }) => {
  const wantsNewEmail = input.email !== user.email;
  const newRequest = wantsNewEmail && input.email !== user.pendingEmail;
  if (newRequest) {
    await ctx.rateLimiter.consume([{ bucket: `email-change:${user.id}`, limit: RATE_LIMITS.emailChangesPerUser }]);
  }
  const pendingEmail = wantsNewEmail ? input.email : null;
  const updated = await updateUser(ctx.db, user.id, { fullName: input.fullName, pendingEmail });
  if (!updated) throw new AppError('UNAUTHORIZED');
  if (newRequest) {
    const owner = await findUserByEmail(ctx.db, input.email);
    if (owner) {
      await discardUserTokens(ctx.db, updated.id, 'change_email');
      await notifyEmailTaken(ctx, owner);
    } else {
      const lang = toUserData(updated).lang;
      await sendEmailLink(ctx, updated, 'change_email', { lang, to: input.email });
    }
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
  const attempt = await ctx.rateLimiter.consume([{ bucket, limit: RATE_LIMITS.failedLoginsPerAccount }]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('WRONG_CURRENT_PASSWORD', 'current password is wrong');
  }
  await attempt.refund();
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
  await revokeUserSessions(ctx.db, user.id, sessionId);
  // A reset link still in some inbox would undo the change; it stops working.
  await discardUserTokens(ctx.db, user.id, 'reset_password');
  await notifyPasswordChanged(ctx, user);
};

export const updateLang = async (ctx: AppContext, user: UserLike, lang: Lang) => {
  const updated = await updateUser(ctx.db, user.id, { lang });
  if (!updated) throw new AppError('UNAUTHORIZED');
  return toUserData(updated);
};

/** Spec §2: the host finished or skipped the guide tour, or asked to see it again. */
export const setGuideTour = async (ctx: AppContext, user: UserLike, on: boolean) => {
  const updated = await updateUser(ctx.db, user.id, { guideTour: on });
  if (!updated) throw new AppError('UNAUTHORIZED');
  return toUserData(updated);
};
