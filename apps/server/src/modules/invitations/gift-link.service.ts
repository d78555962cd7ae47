import type { AppContext } from '../../platform/context.js';
import { inviteTokenHashOf } from '../events/invite-links.js';
import { findByPersonalToken, findByPublicToken } from './invitations.repository.js';
import { findApprovedGiftLink } from './gift-link.repository.js';

/**
 * The event's approved gift link (issue 21), read where guests see it: the invitation page and the messages.
 * The gifts module registers and decides it; this reads only the approved link.
 */
export const approvedGiftLinkOf = (ctx: AppContext, eventId: string): Promise<string | null> => findApprovedGiftLink(ctx.db, eventId);

/** The approved gift link of the event behind a personal or public page link. */
export const approvedGiftLinkByToken = async (ctx: AppContext, kind: 'personal' | 'public', token: string): Promise<string | null> => {
  const hash = inviteTokenHashOf(ctx.config.secrets.tokenPepper, token);
  const found = kind === 'personal' ? await findByPersonalToken(ctx.database.pool, hash) : await findByPublicToken(ctx.database.pool, hash);
  return found ? findApprovedGiftLink(ctx.db, found.event.id) : null;
};
