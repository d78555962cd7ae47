import {
  COHOST_INVITATION_TTL_DAYS,
  isLang,
  MAX_COHOSTS_PER_EVENT,
  type CohostAcceptResponse,
  type CohostInvitation,
  type CohostInvitationInfo,
  type CohostList,
  type EventNames,
  type Lang,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { generateToken, hashToken } from '../../platform/tokens.js';
import type { Limit } from '../rate-limits/rate-limiter.js';
import { renderEmail } from '../mail/mail-layout.js';
import { requireEventAccess } from '../events/event-access.js';
import { COHOST_EMAIL_TEXTS } from './cohost-email-texts.js';
import * as repo from './cohosts.repository.js';

/** Each invitation sends an e-mail to an address the owner types: a loop is not a family. */
export const COHOST_INVITE_LIMIT = { max: 30, windowMinutes: 60 } as const satisfies Limit;

const DAY_MS = 86_400_000;
const langOf = (value: string): Lang => (isLang(value) ? value : 'he');
const nameIn = (names: EventNames, lang: Lang, defaultLang: string): string =>
  names[lang] ?? names[langOf(defaultLang)] ?? Object.values(names).find(Boolean) ?? '';
const invalidLink = () => new AppError('INVITE_LINK_INVALID', 'invitation link used, revoked, expired or unknown');

const toInvitationDto = (row: { id: string; email: string; createdAt: Date; expiresAt: Date }): CohostInvitation => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** `GET event/{id}/cohosts`: any member reads the members; the open invitations are the owner's (they hold addresses only the owner typed). */
export const listCohosts = async (ctx: AppContext, userId: string, eventId: string): Promise<CohostList> => {
  const { role } = await requireEventAccess(ctx.db, userId, eventId, 'read');
  const members = await repo.listMembers(ctx.db, eventId);
  const invitations = role === 'owner' ? await repo.listOpenInvitations(ctx.db, eventId) : [];
  return {
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map(toInvitationDto),
  };
};

/**
 * `POST event/{id}/cohosts {email}`: a single-use link by e-mail. A member's address → CONFLICT; an address
 * already invited gets a new link (the old one stops working). Members and open invitations together are capped.
 */
export const inviteCohost = async (ctx: AppContext, userId: string, eventId: string, email: string): Promise<CohostInvitation> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageCohosts');
  await ctx.rateLimiter.consume([{ bucket: `cohost-invite:user:${userId}`, limit: COHOST_INVITE_LIMIT }]);
  const token = generateToken();
  const tokenHash = hashToken(token, ctx.config.secrets.tokenPepper);
  const expiresAt = new Date(Date.now() + COHOST_INVITATION_TTL_DAYS * DAY_MS);
  const invitation = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockEvent(tx, eventId))) throw new AppError('NOT_FOUND', 'event not found');
    if (await repo.findMemberByEmail(tx, eventId, email)) throw new AppError('CONFLICT', 'this address is already a member of the event');
    const pending = await repo.findPendingInvitation(tx, eventId, email);
    if (pending) return repo.renewInvitation(tx, pending.id, { tokenHash, invitedBy: userId, expiresAt });
    if ((await repo.countMembers(tx, eventId)) + (await repo.countOpenInvitations(tx, eventId)) >= MAX_COHOSTS_PER_EVENT) {
      throw new AppError('CONFLICT', `at most ${MAX_COHOSTS_PER_EVENT} members and open invitations per event`);
    }
    return repo.insertInvitation(tx, { eventId, email, tokenHash, invitedBy: userId, expiresAt });
  });
  await sendInvitationEmail(ctx, { userId, eventId, email, token });
  return toInvitationDto(invitation);
};

const sendInvitationEmail = async (ctx: AppContext, input: { userId: string; eventId: string; email: string; token: string }) => {
  const [inviter, event] = await Promise.all([repo.findUserContact(ctx.db, input.userId), repo.findEventForMail(ctx.db, input.eventId)]);
  if (!inviter || !event) return;
  // The invitee's language is unknown: the inviter's is the best guess (they share a family, often a language).
  const lang = langOf(inviter.lang);
  const t = COHOST_EMAIL_TEXTS[lang];
  const eventName = nameIn(event.names, lang, event.defaultLang);
  const mail = renderEmail(lang, {
    subject: t.invitation.subject(eventName),
    greeting: t.hello,
    paragraphs: [t.invitation.body(inviter.fullName, eventName), t.invitation.rights, t.invitation.expires, t.invitation.ignore],
    action: { label: t.invitation.action, url: `${ctx.config.appUrl}/cohost-invite/${input.token}` },
    footer: t.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: input.email, ...mail });
};

/**
 * `DELETE event/{id}/cohosts/{userId}`: removes a co-host, or revokes an open invitation when the id is one.
 * The owner cannot be removed. Access is read from event_members on every request (nothing caches a role), so
 * a removed co-host is refused at their next request.
 */
export const removeCohost = async (ctx: AppContext, userId: string, eventId: string, memberOrInvitationId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageCohosts');
  const role = await repo.findMemberRole(ctx.db, eventId, memberOrInvitationId);
  if (role === 'owner') throw new AppError('FORBIDDEN', "the event's owner cannot be removed");
  if (role === 'cohost') {
    if (!(await repo.deleteCohost(ctx.db, eventId, memberOrInvitationId))) throw new AppError('NOT_FOUND', 'co-host not found');
    return;
  }
  if (!(await repo.revokeInvitation(ctx.db, eventId, memberOrInvitationId))) throw new AppError('NOT_FOUND', 'co-host not found');
};

const findOpenByToken = async (ctx: AppContext, token: string) => {
  const found = await repo.findInvitationByToken(ctx.db, hashToken(token, ctx.config.secrets.tokenPepper));
  if (!found) throw invalidLink();
  const { invitation } = found;
  if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) throw invalidLink();
  return found;
};

/** `GET cohosts/invitation?token=`: what the link's page shows before sign-in. */
export const getInvitation = async (ctx: AppContext, token: string): Promise<CohostInvitationInfo> => {
  const found = await findOpenByToken(ctx, token);
  return {
    eventNames: found.eventNames,
    defaultLang: found.defaultLang,
    eventDate: found.eventDate,
    inviterName: found.inviterName ?? '',
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
};

/**
 * `POST cohosts/accept {token}`: the signed-in account becomes a co-host, once per link. The account's address
 * need not be the invited one: families forward links, and the link (256 random bits, single use, 7 days, sent
 * only to the address the owner typed) is the proof the owner meant to share the event; the owner sees who
 * joined (list and e-mail) and can remove them at once.
 */
export const acceptInvitation = async (ctx: AppContext, userId: string, token: string): Promise<CohostAcceptResponse> => {
  const tokenHash = hashToken(token, ctx.config.secrets.tokenPepper);
  const eventId = await ctx.db.transaction(async (tx) => {
    const invitation = await repo.lockInvitationByToken(tx, tokenHash);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) throw invalidLink();
    // A member (the owner trying the link, or a co-host twice) keeps the link unused for the one it was meant for.
    if (await repo.findMemberRole(tx, invitation.eventId, userId)) throw new AppError('CONFLICT', 'already a member of this event');
    await repo.markAccepted(tx, invitation.id, userId);
    await repo.insertCohost(tx, invitation.eventId, userId);
    return invitation.eventId;
  });
  await sendAcceptedEmail(ctx, eventId, userId);
  return { eventId };
};

const sendAcceptedEmail = async (ctx: AppContext, eventId: string, cohostId: string) => {
  const [owner, cohost, event] = await Promise.all([repo.findOwner(ctx.db, eventId), repo.findUserContact(ctx.db, cohostId), repo.findEventForMail(ctx.db, eventId)]);
  if (!owner || !cohost || !event) return;
  const lang = langOf(owner.lang);
  const t = COHOST_EMAIL_TEXTS[lang];
  const eventName = nameIn(event.names, lang, event.defaultLang);
  const mail = renderEmail(lang, {
    subject: t.accepted.subject(eventName),
    greeting: t.greeting(owner.fullName),
    paragraphs: [t.accepted.body(`${cohost.fullName} (${cohost.email})`, eventName), t.accepted.remove],
    action: { label: t.accepted.action, url: `${ctx.config.appUrl}/event/${eventId}/settings` },
    footer: t.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: owner.email, ...mail });
};
