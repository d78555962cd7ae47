import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_LINK_MINUTES } from '@magiim/shared';

/**
 * The host's previews open the guest pages in an iframe, where the host's bearer token cannot go: a signed,
 * short-lived link names the event instead: base64url(`<eventId>.<expiry seconds>`) followed by a 22-character
 * mac, all in the token alphabet, so the log redaction of token-like path segments hides it like any link.
 */
const MAC_LENGTH = 22;
const macOf = (pepper: string, payload: string): string =>
  createHmac('sha256', pepper).update(`preview:${payload}`).digest().subarray(0, 16).toString('base64url');

export const signPreviewToken = (pepper: string, eventId: string, now = Date.now()): { token: string; expiresAt: Date } => {
  const expiresAt = new Date(now + PREVIEW_LINK_MINUTES * 60_000);
  const payload = `${eventId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${Buffer.from(payload).toString('base64url')}${macOf(pepper, payload)}`, expiresAt };
};

/** The event id of a valid, unexpired preview token, or undefined. */
export const verifyPreviewToken = (pepper: string, token: string, now = Date.now()): string | undefined => {
  if (!/^[A-Za-z0-9_-]{40,120}$/.test(token)) return undefined;
  const mac = token.slice(-MAC_LENGTH);
  const payload = Buffer.from(token.slice(0, -MAC_LENGTH), 'base64url').toString();
  const match = /^([0-9a-f-]{36})\.(\d{1,12})$/i.exec(payload);
  if (!match) return undefined;
  const [, eventId, expiry] = match as unknown as [string, string, string];
  const expected = Buffer.from(macOf(pepper, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expiry) * 1000 < now) return undefined;
  return eventId;
};
