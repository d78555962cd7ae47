import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { inviteTokenOf, shortCodeHashOf, shortCodeOf } from '../events/invite-links.js';
import { findSaltByShortCodeHash, listGuestsWithoutShortCode, storeShortCodeHashes } from './short-links.repository.js';
import { INVITE_MISSES_PER_IP } from '@magiim/shared';

/** Before an event's messages are rendered: every guest's short code is stored, so the links in them resolve. */
export const ensureShortCodes = async (ctx: AppContext, eventId: string): Promise<void> => {
  const pepper = ctx.config.secrets.tokenPepper;
  const missing = await listGuestsWithoutShortCode(ctx.db, eventId);
  await storeShortCodeHashes(
    ctx.db,
    missing.map((row) => ({ ...row, hash: shortCodeHashOf(pepper, shortCodeOf(pepper, row.salt)) })),
  );
};

/**
 * The guest's full token for a short code; an unknown code counts against the caller's IP exactly like an unknown
 * token (the same bucket), so short codes give a guesser nothing more.
 */
export const resolveShortCode = async (ctx: AppContext, code: string, ip: string): Promise<string> => {
  const pepper = ctx.config.secrets.tokenPepper;
  const salt = await findSaltByShortCodeHash(ctx.db, shortCodeHashOf(pepper, code));
  if (!salt) {
    await ctx.rateLimiter.consume([{ bucket: `invite-miss:${ip}`, limit: INVITE_MISSES_PER_IP }]);
    throw new AppError('NOT_FOUND', 'invitation not found');
  }
  return inviteTokenOf(pepper, 'guest', salt);
};
