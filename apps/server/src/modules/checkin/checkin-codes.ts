import { createHmac, randomBytes } from 'node:crypto';
import { hashToken } from '../../platform/tokens.js';

/**
 * A guest's check-in code, apart from the invitation token: derived from a random salt kept on the row with a key
 * derived from the server's pepper (as invitation links are), so the page and the message can show it again while
 * the database holds nothing usable; the scanner's code is found through its keyed hash.
 */
const CODE_BYTES = 16;
const keyCache = new Map<string, Buffer>();
const keyOf = (pepper: string): Buffer => {
  let key = keyCache.get(pepper);
  if (!key) {
    key = createHmac('sha256', pepper).update('magiim:checkin-code-key:v1').digest();
    keyCache.set(pepper, key);
  }
  return key;
};

export const newCheckinSalt = (): string => randomBytes(CODE_BYTES).toString('base64url');

export const checkinCodeOf = (pepper: string, salt: string): string =>
  createHmac('sha256', keyOf(pepper)).update(`checkin:${salt}`).digest().subarray(0, CODE_BYTES).toString('base64url');

export const checkinCodeHashOf = (pepper: string, code: string): string => hashToken(`checkin:${code}`, pepper);

/** Usher links: 256-bit random tokens, stored only as keyed hashes. */
export const usherTokenHashOf = (pepper: string, token: string): string => hashToken(`usher:${token}`, pepper);

/** The usher's screen: the token rides in the fragment, so it never reaches a server log. */
export const usherUrlOf = (appUrl: string, eventId: string, token: string): string => `${appUrl}/event/${eventId}/check-in#usher=${token}`;
