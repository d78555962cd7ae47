import { OTT_TTL_SECONDS, type LoginResponse } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { generateToken, hashToken } from '../../platform/tokens.js';
import type { Limit } from '../rate-limits/rate-limiter.js';
import { findUserById } from '../users/public.js';
import { toUserData } from '../users/user-data.js';
import { abilityOf, createSession } from './auth.service.js';
import type { ClientInfo } from '../../platform/sessions/session-info.js';
import { consumeSignInLink, deleteExpiredSignInLinks, insertSignInLink } from './one-time-sign-in.repository.js';

/**
 * A link is asked for once per "pay on the website" tap; a loop is not a person. Redemptions count failures
 * per address like sign-ins (a 256-bit token is not guessable, the limit only keeps a scanner cheap).
 */
export const SIGN_IN_LINK_LIMITS = {
  createsPerUser: { max: 10, windowMinutes: 15 },
  failedRedeemsPerIp: { max: 30, windowMinutes: 15 },
} as const satisfies Record<string, Limit>;

/**
 * `POST auth/ott {next}`: a single-use link (OTT_TTL_SECONDS) that signs the same user in where it is opened,
 * e.g. the system browser the app's web view hands a payment to. `next` is already a same-origin path.
 */
export const createSignInLink = async (ctx: AppContext, userId: string, next: string): Promise<{ url: string }> => {
  await ctx.rateLimiter.consume([{ bucket: `ott:user:${userId}`, limit: SIGN_IN_LINK_LIMITS.createsPerUser }]);
  const user = await findUserById(ctx.db, userId);
  if (!user || user.blockedAt) throw new AppError('UNAUTHORIZED');
  await deleteExpiredSignInLinks(ctx.db, user.id);
  const token = generateToken();
  await insertSignInLink(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token, ctx.config.secrets.tokenPepper),
    email: user.email,
    expiresAt: new Date(Date.now() + OTT_TTL_SECONDS * 1000),
  });
  const query = new URLSearchParams({ token, next });
  return { url: `${ctx.config.appUrl}/ott?${query.toString()}` };
};

/** `POST auth/ott/redeem {token}`: the link's owner gets a new full session, once; unknown, used or expired → INVALID_TOKEN. */
export const redeemSignInLink = async (ctx: AppContext, token: string, client: ClientInfo): Promise<LoginResponse> => {
  const attempt = await ctx.rateLimiter.consume([{ bucket: `ott-redeem:ip:${client.ip}`, limit: SIGN_IN_LINK_LIMITS.failedRedeemsPerIp }]);
  const row = await consumeSignInLink(ctx.db, hashToken(token, ctx.config.secrets.tokenPepper));
  const user = row ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user) throw new AppError('INVALID_TOKEN', 'link invalid, used or expired');
  await attempt.refund();
  if (user.blockedAt) throw new AppError('USER_BLOCKED', 'user is blocked');
  // Only a full (verified) session could ask for the link; an address changed since does not matter: same account.
  return {
    accessToken: await createSession(ctx, user, client, 'full'),
    userData: toUserData(user),
    userAbility: abilityOf(user),
  };
};
