import { createHmac, randomBytes } from 'node:crypto';
import { INVITE_TOKEN_BYTES, SHORT_CODE_LENGTH } from '@magiim/shared';
import { hashToken } from '../../platform/tokens.js';

/**
 * Invitation links. A link's token is derived from a random 128-bit salt kept on the row and a key derived
 * from the server's pepper, so the host can be shown the link again while the database holds nothing usable:
 * the salt is useless without the key, and lookups go through a keyed hash of the token. Rotating the salt
 * kills the old link.
 */
export type InviteLinkKind = 'guest' | 'public';

export interface InviteLinkValues {
  salt: string;
  tokenHash: string;
}

const keyCache = new Map<string, Buffer>();
const deriveKeyOf = (pepper: string): Buffer => {
  let key = keyCache.get(pepper);
  if (!key) {
    key = createHmac('sha256', pepper).update('magiim:invite-link-key:v1').digest();
    keyCache.set(pepper, key);
  }
  return key;
};

export const inviteTokenOf = (pepper: string, kind: InviteLinkKind, salt: string): string =>
  createHmac('sha256', deriveKeyOf(pepper)).update(`${kind}:${salt}`).digest().subarray(0, INVITE_TOKEN_BYTES).toString('base64url');

/** The lookup key of a token that arrived in a URL. */
export const inviteTokenHashOf = (pepper: string, token: string): string => hashToken(`invite:${token}`, pepper);

/** Salt and lookup hash for a new (or rotated) link. */
export const newInviteLink = (pepper: string, kind: InviteLinkKind): InviteLinkValues => {
  const salt = randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
  return { salt, tokenHash: inviteTokenHashOf(pepper, inviteTokenOf(pepper, kind, salt)) };
};

export const personalInviteUrl = (appUrl: string, pepper: string, salt: string): string =>
  `${appUrl}/invite/${inviteTokenOf(pepper, 'guest', salt)}`;

export const publicInviteUrl = (appUrl: string, pepper: string, salt: string): string =>
  `${appUrl}/invite/p/${inviteTokenOf(pepper, 'public', salt)}`;

/**
 * The short code of a guest's links in messages (`/i/<code>`, `/n/<code>`): 10 characters (60 bits) derived from the
 * link's salt, so a new salt makes a new code. Looked up through a keyed hash, like the token.
 */
export const shortCodeOf = (pepper: string, salt: string): string =>
  createHmac('sha256', deriveKeyOf(pepper)).update(`short:${salt}`).digest().toString('base64url').slice(0, SHORT_CODE_LENGTH);

export const shortCodeHashOf = (pepper: string, code: string): string => hashToken(`short:${code}`, pepper);
