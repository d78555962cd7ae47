import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, safeNextPath, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { generateToken, hashToken } from '../../platform/tokens.js';
import type { UserRow } from '../../db/schema/users.js';
import type { UserTokenPurpose } from '../../db/schema/sessions.js';
import { discardUserTokens, insertUserToken } from './auth.repository.js';
import { renderLinkEmail, type LinkEmailKind } from './auth-emails.js';

// The e-mailed single-use links (verify, change e-mail, reset), apart from auth.service so auth.jobs (the reset
// job) and the service (which queues that job) do not import each other.

export type EmailedTokenPurpose = Exclude<UserTokenPurpose, 'sign_in_link'>;

const EMAIL_OF_LINK: Record<EmailedTokenPurpose, LinkEmailKind> = {
  verify_email: 'verify',
  change_email: 'changeEmail',
  reset_password: 'reset',
};

/** `?next=` for a link, when `next` is a path of this site (a co-host invitation carried through registration). */
const nextQuery = (ctx: AppContext, next: string | undefined): string => {
  const safe = next ? safeNextPath(next, new URL(ctx.config.appUrl).origin) : null;
  return safe ? `?next=${encodeURIComponent(safe)}` : '';
};

/** Sends a fresh single-use link; earlier unused links of the same kind stop working. */
export const sendEmailLink = async (
  ctx: AppContext,
  user: UserRow,
  kind: EmailedTokenPurpose,
  options: { lang: Lang; to: string; next?: string | undefined },
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
  // Until the address is proven, the registrant's name stays out: "www.evil.com" as a name would become a link.
  const nameIsSafe = kind === 'reset_password' && !!user.emailVerifiedAt;
  const email = renderLinkEmail(EMAIL_OF_LINK[kind], {
    lang: options.lang,
    name: nameIsSafe ? user.fullName : null,
    supportEmail: ctx.config.supportEmail,
    url: `${ctx.config.appUrl}/${route}/${token}${nextQuery(ctx, options.next)}`,
  });
  await ctx.enqueueEmail({ to: options.to, ...email });
};
