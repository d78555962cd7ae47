import {
  ADMIN_ABILITY,
  HOST_ABILITY,
  DEVICE_ID_MAX_LENGTH,
  DEVICE_ID_MIN_LENGTH,
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
import { findUserByEmail, findUserByGoogleSub, findUserById, insertUser, toUserData, updateUser } from '../users/public.js';
import {
  consumeUserToken,
  discardAllUserTokens,
  findUserToken,
  insertSession,
  isUserTokenLive,
  revokeSession,
  revokeUserSessions,
  type SessionScope,
} from './auth.repository.js';
import {
  renderEmailChangeRequestedEmail,
  renderEmailTakenEmail,
  renderPasswordChangedEmail,
  renderRegistrationAttemptEmail,
} from './auth-emails.js';
import type { ClientInfo } from '../../platform/sessions/session-info.js';
import { forgetDevices, isKnownDevice, rememberDevice } from './known-devices.repository.js';
import type { LimitCheck } from '../rate-limits/rate-limiter.js';
import { sealPasswordResetRequest, sendPasswordResetJob } from './auth.jobs.js';
import { sendEmailLink } from './email-links.js';

export { sendEmailLink };
import { removeSessionPushTokens } from '../push/push-tokens.service.js';

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

/** Issue 22: an administrator learns it from the ability rules at sign-in (never from userData). */
export const abilityOf = (user: Pick<UserRow, 'role'>) => (user.role === 'admin' ? ADMIN_ABILITY : HOST_ABILITY);

const signIn = async (ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResponse> => ({
  accessToken: await createSession(ctx, user, client, 'full'),
  userData: toUserData(user),
  userAbility: abilityOf(user),
});


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

/** Tells the owner of an address that another account tried to move to it (nothing about who). */
export const notifyEmailTaken = async (ctx: AppContext, owner: UserRow): Promise<void> => {
  const email = renderEmailTakenEmail({ lang: toUserData(owner).lang, supportEmail: ctx.config.supportEmail });
  await ctx.enqueueEmail({ to: owner.email, ...email });
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

/** Tells the owner of an address that someone tried to register with it, in the owner's language. */
const notifyRegistrationAttempt = async (ctx: AppContext, owner: UserRow): Promise<void> => {
  const lang = toUserData(owner).lang;
  const email = renderRegistrationAttemptEmail({ lang, supportEmail: ctx.config.supportEmail, signInUrl: `${ctx.config.appUrl}/login/${lang}` });
  await ctx.enqueueEmail({ to: owner.email, ...email });
};

/**
 * A known address answers exactly as a new one (no account oracle): the same status and body shape, a
 * verify-only session that behaves like a new registrant's (it may only ask for the link again, which then
 * sends nothing to a verified owner), after the same password hashing. The owner is told by e-mail instead.
 */
export const register = async (
  ctx: AppContext,
  input: { fullName: string; email: string; password: string; lang: Lang; next?: string | undefined },
  client: ClientInfo,
): Promise<{ email: string; accessToken: string }> => {
  await ctx.rateLimiter.consume([{ bucket: `register:ip:${client.ip}`, limit: RATE_LIMITS.registrationsPerIp }]);
  const passwordHash = await hashPassword(input.password);
  // Both paths make about the same database round trips: the insert is tried either way (a known address
  // conflicts and inserts nothing), then the new account gets its link, the owner the notice.
  const user = await insertUser(ctx.db, { fullName: input.fullName, email: input.email, passwordHash, lang: input.lang });
  if (user) {
    await sendEmailLink(ctx, user, 'verify_email', { lang: input.lang, to: user.email, next: input.next });
    return { email: user.email, accessToken: await createSession(ctx, user, client, 'verify_email') };
  }
  const owner = await findUserByEmail(ctx.db, input.email);
  if (!owner) throw new AppError('CONFLICT', 'registration raced with a deletion');
  await notifyRegistrationAttempt(ctx, owner);
  return { email: input.email, accessToken: await createSession(ctx, owner, client, 'verify_email') };
};

const deviceHashOf = (ctx: AppContext, deviceId: string | undefined): string | undefined =>
  deviceId && deviceId.length >= DEVICE_ID_MIN_LENGTH && deviceId.length <= DEVICE_ID_MAX_LENGTH
    ? hashToken(`device:${deviceId}`, ctx.config.secrets.tokenPepper)
    : undefined;

/**
 * Failures count per account and per IP. Each attempt reserves a slot in both buckets atomically (so a parallel burst
 * cannot pass more than the limit) and a success gives it back. A device that signed in to this account before
 * skips the account bucket: an attacker hammering the account cannot lock its owner out.
 */
export const login = async (
  ctx: AppContext,
  input: { email: string; password: string; deviceId?: string | undefined },
  client: ClientInfo,
): Promise<LoginResponse> => {
  const user = await findUserByEmail(ctx.db, input.email);
  const deviceHash = deviceHashOf(ctx, input.deviceId);
  const knownDevice = !!user && !!deviceHash && (await isKnownDevice(ctx.db, user.id, deviceHash));
  const accountBucket = `login:account:${input.email}`;
  const checks: LimitCheck[] = [{ bucket: `login:ip:${client.ip}`, limit: RATE_LIMITS.failedLoginsPerIp }];
  if (!knownDevice) checks.push({ bucket: accountBucket, limit: RATE_LIMITS.failedLoginsPerAccount });
  const attempt = await ctx.rateLimiter.consume(checks);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    if (knownDevice) await ctx.rateLimiter.record([accountBucket]);
    throw new AppError('INVALID_CREDENTIALS', 'identification details incorrect');
  }
  await attempt.refund();
  if (user.blockedAt) throw new AppError('USER_BLOCKED', 'user is blocked');
  if (!user.emailVerifiedAt) {
    const accessToken = await createSession(ctx, user, client, 'verify_email');
    throw new VerifyEmailRequired(accessToken, user.email);
  }
  if (deviceHash) await rememberDevice(ctx.db, user.id, deviceHash);
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
  const attempt = await ctx.rateLimiter.consume([{ bucket: `login:ip:${client.ip}`, limit: RATE_LIMITS.failedLoginsPerIp }]);
  let identity;
  try {
    identity = await ctx.google.verify(input.credential);
  } catch {
    throw new AppError('GOOGLE_AUTH_FAILED', 'Google sign-in failed');
  }
  await attempt.refund();
  let user = await findUserByGoogleSub(ctx.db, identity.sub);
  if (!user) {
    const existing = await findUserByEmail(ctx.db, identity.email);
    if (existing?.emailVerifiedAt) {
      // Google has verified the address and so had the account: the same person, who keeps the password.
      user = await updateUser(ctx.db, existing.id, { googleSub: identity.sub });
    } else if (existing) {
      // Never verified: whoever registered may not own the address (pre-registration takeover). Google proves the
      // owner, so what the registrant set goes: password, name, pending change, links, devices and every session.
      await revokeUserSessions(ctx.db, existing.id);
      await discardAllUserTokens(ctx.db, existing.id);
      await forgetDevices(ctx.db, existing.id);
      user = await updateUser(ctx.db, existing.id, {
        googleSub: identity.sub,
        emailVerifiedAt: new Date(),
        passwordHash: null,
        pendingEmail: null,
        fullName: identity.name ?? identity.email.split('@')[0]!,
      });
    } else {
      user = await insertUser(ctx.db, {
        fullName: identity.name ?? identity.email.split('@')[0]!,
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
  const tokenHash = hashToken(token, ctx.config.secrets.tokenPepper);
  const row = await consumeUserToken(ctx.db, tokenHash, ['verify_email', 'change_email']);
  if (!row) {
    // A registration link opened twice (a mail scanner, a second click): the account is fine, say so.
    const used = await findUserToken(ctx.db, tokenHash, ['verify_email']);
    const owner = used?.usedAt ? await findUserById(ctx.db, used.userId) : undefined;
    if (owner?.emailVerifiedAt && owner.email === used?.email) throw new AppError('ALREADY_VERIFIED', 'e-mail already verified');
    throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  }
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

export const resendVerificationEmail = async (ctx: AppContext, userId: string, lang: Lang, scope: SessionScope): Promise<void> => {
  await ctx.rateLimiter.consume([{ bucket: `verify-resend:${userId}`, limit: RATE_LIMITS.verificationResendsPerUser }]);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  // A verify-only session on a verified account came from registering with a known address: answer as for a
  // new registrant (saying "already verified" would tell whoever registered that the address has an account).
  if (user.emailVerifiedAt && scope === 'verify_email') return;
  if (user.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED', 'e-mail already verified');
  await sendEmailLink(ctx, user, 'verify_email', { lang, to: user.email });
};

export const sendPasswordReset = async (ctx: AppContext, email: string, lang: Lang): Promise<void> => {
  // Per e-mail, not per account: the login lock never blocks its owner from here.
  await ctx.rateLimiter.consume([{ bucket: `reset:${email}`, limit: RATE_LIMITS.passwordResetsPerEmail }]);
  // No lookup here: the job finds the account (if any) and sends, so both answers take the same time.
  await ctx.jobs.send(sendPasswordResetJob(ctx), sealPasswordResetRequest(ctx, { email, lang }));
};

/** Lets the reset page say "expired" before the user types a new password; consumes nothing. */
export const checkResetToken = async (ctx: AppContext, token: string, client: ClientInfo): Promise<{ valid: true }> => {
  await ctx.rateLimiter.consume([{ bucket: `reset-check:ip:${client.ip}`, limit: RATE_LIMITS.resetTokenChecksPerIp }]);
  if (!(await isUserTokenLive(ctx.db, hashToken(token, ctx.config.secrets.tokenPepper), 'reset_password'))) {
    throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  }
  return { valid: true };
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
  // The owner proved the inbox: failed sign-ins by others no longer keep the account locked.
  await ctx.rateLimiter.clear(`login:account:${user.email}`);
  await notifyPasswordChanged(ctx, user);
};

export const logout = async (ctx: AppContext, userId: string, sessionId: string): Promise<void> => {
  await revokeSession(ctx.db, userId, sessionId);
  await removeSessionPushTokens(ctx, sessionId);
};
