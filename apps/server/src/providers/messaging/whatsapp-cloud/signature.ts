import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^sha256=([0-9a-f]{64})$/i;

/** X-Hub-Signature-256 of a raw body: `sha256=` + hex HMAC-SHA256 keyed with the app secret. */
export const signWhatsAppBody = (rawBody: Buffer | string, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Constant-time check of the header against the raw bytes; false when missing or malformed. */
export const verifyWhatsAppSignature = (rawBody: Buffer, header: string | undefined, appSecret: string): boolean => {
  if (typeof header !== 'string') return false;
  const match = HEX_SHA256.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const equalInConstantTime = (a: string, b: string): boolean => {
  // Hash both sides so the comparison does not leak the token's length either.
  const left = createHmac('sha256', 'verify-token').update(a).digest();
  const right = createHmac('sha256', 'verify-token').update(b).digest();
  return timingSafeEqual(left, right);
};

/** The GET handshake: echo `hub.challenge` when the mode is subscribe and the verify token is ours. */
export const verifyWhatsAppSubscription = (query: Record<string, unknown>, verifyToken: string): string | null => {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || challenge === '') return null;
  return equalInConstantTime(token, verifyToken) ? challenge : null;
};
