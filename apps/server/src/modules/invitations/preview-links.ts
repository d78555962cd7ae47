import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_LINK_MINUTES } from '@magiim/shared';

/**
 * The host's previews open the guest pages in an iframe, where the host's bearer token cannot go: a signed,
 * short-lived link names the event instead. `<eventId>.<expiry seconds>.<mac>`.
 */
const macOf = (pepper: string, payload: string): string =>
  createHmac('sha256', pepper).update(`preview:${payload}`).digest().subarray(0, 16).toString('base64url');

export const signPreviewToken = (pepper: string, eventId: string, now = Date.now()): { token: string; expiresAt: Date } => {
  const expiresAt = new Date(now + PREVIEW_LINK_MINUTES * 60_000);
  const payload = `${eventId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${macOf(pepper, payload)}`, expiresAt };
};

/** The event id of a valid, unexpired preview token, or undefined. */
export const verifyPreviewToken = (pepper: string, token: string, now = Date.now()): string | undefined => {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/i.exec(token);
  if (!match) return undefined;
  const [, eventId, expiry, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(pepper, `${eventId}.${expiry}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expiry) * 1000 < now) return undefined;
  return eventId;
};
