import { createHmac, timingSafeEqual } from 'node:crypto';

/** Form parameters as Twilio posted them (a name may repeat). */
export type TwilioParams = [name: string, value: string][];

/**
 * `X-Twilio-Signature`: base64(HMAC-SHA1(authToken, url + every POST parameter's name and value, sorted by name)).
 * `url` is the full public URL Twilio requested, query included.
 */
export const twilioSignature = (authToken: string, url: string, params: TwilioParams): string => {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
};

/** Constant-time check of a received signature; false when missing. */
export const verifyTwilioSignature = (authToken: string, url: string, params: TwilioParams, received: string | undefined): boolean => {
  if (!received) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(received, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** A form body as ordered name/value pairs. */
export const formParams = (body: string): TwilioParams => [...new URLSearchParams(body).entries()];
