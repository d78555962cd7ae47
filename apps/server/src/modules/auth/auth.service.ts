import {
  EMAIL_VERIFICATION_TTL_HOURS,
  HOST_ABILITY,
  PASSWORD_RESET_TTL_MINUTES,
  RATE_LIMITS,
  SESSION_TTL_DAYS,
  DEFAULT_LANG,
  type Lang,
  type LoginResponse,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.js';
import { generateToken, hashToken } from '../../platform/tokens.js';
import type { UserRow } from '../../db/schema/users.js';
import type { UserTokenPurpose } from '../../db/schema/sessions.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  insertUser,
  updateUser,
} from '../users/users.repository.js';
import { toUserData } from '../users/user-data.js';
import {
  consumeUserToken,
  discardUserTokens,
  insertSession,
  insertUserToken,
  revokeSession,
  revokeUserSessions,
  type SessionScope,
} from './auth.repository.js';
import {
  renderEmailChangeRequestedEmail,
  renderLinkEmail,
  renderPasswordChangedEmail,
  type LinkEmailKind,
} from './auth-emails.js';
import type { ClientInfo } from './session-info.js';

export const createSession = async (ctx: AppContext, user: UserRow, client: ClientInfo, scope: SessionScope) => {
  const token = generateToken();
  await insertSession(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token, ctx.config.secrets.tokenPepper),
    scope,
    platform: client.platform,
    ip: client.ip,
    userAgent: client.userAgent,
    expiresAt: new Date(Date.now() + (scope === 'full' ? SESSION_TTL_DAYS * 86_400_000 : 86_400_000)),
  });
  return token;
};

const signIn = async (ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResponse> => ({
  accessToken: await createSession(ctx, user, client, 'full'),
  userData: toUserData(user),
  userAbility: HOST_ABILITY,
});

const EMAIL_OF_LINK: Record<UserTokenPurpose, LinkEmailKind> = {
  verify_email: 'verify',
  change_email: 'changeEmail',
  reset_password: 'reset',
};

/** Sends a fresh single-use link; earlier unused links of the same kind stop working. */
export const sendEmailLink = async (
  ctx: AppContext,
  user: UserRow,
  kind: UserTokenPurpose,
  options: { lang: Lang; to: string },
): Promise<void> => {
  const token = generateToken();
  await discardUserTokens(ctx.db, user.id, kind);
  const ttlMs = kind === 'reset_password' ? PASSWORD_RESET_TTL_MINUTES * 60_000 : EMAIL_VERIFICATION_TTL_HOURS * 3_600_000;
  await insertUserToken(ctx.db, {
    userId: user.id,
    purpose: kind,
    tokenHash: hashToken(token, ctx.config.secrets.tokenPepper),
    email: options.to,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const route = kind === 'reset_password' ? 'reset-password' : 'verify-email';
  const email = renderLinkEmail(EMAIL_OF_LINK[kind], {
    lang: options.lang,
    name: user.fullName,
    supportEmail: ctx.config.supportEmail,
    url: `${ctx.config.appUrl}/${route}/${token}`,
  });
  await ctx.enqueueEmail({ to: options.to, ...email });
};

/** Tells the account's current address that its password changed, with a way back in if it was not them. */
export const notifyPasswordChanged = async (ctx: AppContext, user: UserRow): Promise<void> => {
  const email = renderPasswordChangedEmail({
    lang: toUserData(user).lang,
    name: user.fullName,
    supportEmail: ctx.config.supportEmail,
    resetUrl: `${ctx.config.appUrl}/forgot-password`,
  });
  await ctx.enqueueEmail({ to: user.email, ...email });
};

/** Warns the current address that someone asked to move the account to another one. */
export const notifyEmailChangeRequested = async (ctx: AppContext, user: UserRow, newEmail: string): Promise<void> => {
  const email = renderEmailChangeRequestedEmail({
    lang: toUserData(user).lang,
    name: user.fullName,
    supportEmail: ctx.config.supportEmail,
    newEmail,
  });
  await ctx.enqueueEmail({ to: user.email, ...email });
};

export const register = async (
  ctx: AppContext,
  input: { fullName: string; email: string; password: string; lang: Lang },
  client: ClientInfo,
): Promise<{ email: string; accessToken: string }> => {
  await ctx.rateLimiter.consume([{ bucket: `register:ip:${client.ip}`, limit: RATE_LIMITS.registrationsPerIp }]);
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('ACCOUNT_EXISTS', 'account exists');
  const user = await insertUser(ctx.db, {
    fullName: input.fullName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    lang: input.lang,
  });
  if (!user) throw new AppError('ACCOUNT_EXISTS', 'account exists');
  await sendEmailLink(ctx, user, 'verify_email', { lang: input.lang, to: user.email });
  return { email: user.email, accessToken: await createSession(ctx, user, client, 'verify_email') };
};

export const login = async (
  ctx: AppContext,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<LoginResponse> => {
  const buckets = [`login:account:${input.email}`, `login:ip:${client.ip}`];
  await ctx.rateLimiter.assertUnder([
    { bucket: buckets[0]!, limit: RATE_LIMITS.failedLoginsPerAccount },
    { bucket: buckets[1]!, limit: RATE_LIMITS.failedLoginsPerIp },
  ]);
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await ctx.rateLimiter.record(buckets);
    throw new AppError('INVALID_CREDENTIALS', 'identification details incorrect');
  }
  if (user.blockedAt) throw new AppError('USER_BLOCKED', 'user is blocked');
  if (!user.emailVerifiedAt) {
    const accessToken = await createSession(ctx, user, client, 'verify_email');
    throw new VerifyEmailRequired(accessToken, user.email);
  }
  return signIn(ctx, user, client);
};

/** 401 `{message:'verify_email'}` (spec §8) that carries a session good only for resending the link. */
export class VerifyEmailRequired extends AppError {
  constructor(
    readonly accessToken: string,
    readonly email: string,
  ) {
    super('verify_email', 'verify_email');
  }
  override toBody() {
    return { ...super.toBody(), accessToken: this.accessToken, email: this.email };
  }
}

export const loginWithGoogle = async (
  ctx: AppContext,
  input: { credential: string; lang?: Lang | undefined },
  client: ClientInfo,
): Promise<LoginResponse> => {
  if (!ctx.google) throw new AppError('GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured');
  await ctx.rateLimiter.assertUnder([{ bucket: `login:ip:${client.ip}`, limit: RATE_LIMITS.failedLoginsPerIp }]);
  let identity;
  try {
    identity = await ctx.google.verify(input.credential);
  } catch {
    await ctx.rateLimiter.record([`login:ip:${client.ip}`]);
    throw new AppError('GOOGLE_AUTH_FAILED', 'Google sign-in failed');
  }
  let user = await findUserByGoogleSub(ctx.db, identity.sub);
  if (!user) {
    const existing = await findUserByEmail(ctx.db, identity.email);
    if (existing) {
      // Google has verified the address, so the account that owns it is linked (and counts as verified).
      user = await updateUser(ctx.db, existing.id, {
        googleSub: identity.sub,
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      });
    } else {
      user = await insertUser(ctx.db, {
        fullName: identity.name?.trim() || identity.email.split('@')[0]!,
        email: identity.email,
        googleSub: identity.sub,
        emailVerifiedAt: new Date(),
        lang: input.lang ?? DEFAULT_LANG,
      });
    }
  }
  if (!user) throw new AppError('ACCOUNT_EXISTS', 'account exists');
  if (user.blockedAt) throw new AppError('USER_BLOCKED', 'user is blocked');
  return signIn(ctx, user, client);
};

export const verifyEmail = async (ctx: AppContext, token: string) => {
  const row = await consumeUserToken(ctx.db, hashToken(token, ctx.config.secrets.tokenPepper), ['verify_email', 'change_email']);
  if (!row) throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  if (row.purpose === 'change_email') {
    if (user.pendingEmail !== row.email) throw new AppError('INVALID_TOKEN', 'a newer e-mail change replaced this one');
    const owner = await findUserByEmail(ctx.db, row.email);
    if (owner && owner.id !== user.id) throw new AppError('ACCOUNT_EXISTS', 'account exists');
    await updateUser(ctx.db, user.id, { email: row.email, pendingEmail: null, emailVerifiedAt: new Date() });
    return { email: row.email, kind: 'emailChange' as const };
  }
  if (user.email !== row.email) throw new AppError('INVALID_TOKEN', 'the address changed since this link was sent');
  if (!user.emailVerifiedAt) await updateUser(ctx.db, user.id, { emailVerifiedAt: new Date() });
  return { email: user.email, kind: 'registration' as const };
};

export const resendVerificationEmail = async (ctx: AppContext, userId: string, lang: Lang): Promise<void> => {
  await ctx.rateLimiter.consume([{ bucket: `verify-resend:${userId}`, limit: RATE_LIMITS.verificationResendsPerUser }]);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED', 'e-mail already verified');
  await sendEmailLink(ctx, user, 'verify_email', { lang, to: user.email });
};

export const sendPasswordReset = async (ctx: AppContext, email: string, lang: Lang): Promise<void> => {
  await ctx.rateLimiter.consume([{ bucket: `reset:${email}`, limit: RATE_LIMITS.passwordResetsPerEmail }]);
  const user = await findUserByEmail(ctx.db, email);
  // The answer is the same whether or not the account exists; only real, unblocked accounts get mail.
  if (user && !user.blockedAt) await sendEmailLink(ctx, user, 'reset_password', { lang, to: user.email });
};

export const resetPassword = async (ctx: AppContext, token: string, password: string): Promise<void> => {
  const row = await consumeUserToken(ctx.db, hashToken(token, ctx.config.secrets.tokenPepper), ['reset_password']);
  if (!row) throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.email !== row.email) throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  await updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(password),
    // The link reached the inbox, which proves the address as well as a verification link would.
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
  });
  await revokeUserSessions(ctx.db, user.id);
  await notifyPasswordChanged(ctx, user);
};

export const logout = async (ctx: AppContext, userId: string, sessionId: string): Promise<void> => {
  await revokeSession(ctx.db, userId, sessionId);
};
