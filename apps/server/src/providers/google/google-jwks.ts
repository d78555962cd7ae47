import { FULL_NAME_MAX_LENGTH, FULL_NAME_MIN_LENGTH, emailSchema } from '@magiim/shared';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { GoogleIdTokenVerifier } from './index.js';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const CLOCK_SKEW_SECONDS = 60;

// eslint-disable-next-line no-control-regex -- the characters a name must not carry (as in shared isSafeText)
const UNSAFE_IN_NAME = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Google's display name made to fit registration's rules: no control or bidi characters, at most the name limit. */
export const cleanGoogleName = (raw: unknown): string | undefined => {
  if (typeof raw !== 'string') return undefined;
  const cleaned = raw.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
  let cut = cleaned.slice(0, FULL_NAME_MAX_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never cut an emoji in half
  cut = cut.trim();
  return cut.length >= FULL_NAME_MIN_LENGTH && cut.length <= FULL_NAME_MAX_LENGTH ? cut : undefined;
};

/** Verifies Google Identity Services ID tokens against Google's published keys (or a local JWKS in tests). */
export const createGoogleIdTokenVerifier = (options: { clientId: string; jwksUrl: string }): GoogleIdTokenVerifier => {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return {
    verify: async (credential) => {
      const { payload } = await jwtVerify(credential, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub', 'email'],
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
        throw new Error('token issued in the future');
      }
      if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.email !== 'string') {
        throw new Error('token lacks sub or email');
      }
      // Google's subject is printable ASCII of at most 255 characters; anything else (a NUL) must not reach SQL.
      if (!/^[\x21-\x7E]{1,255}$/.test(payload.sub)) throw new Error('token subject malformed');
      const email = emailSchema.safeParse(payload.email);
      if (!email.success) throw new Error('token e-mail malformed');
      if (payload.email_verified !== true && payload.email_verified !== 'true') throw new Error('e-mail not verified by Google');
      return { sub: payload.sub, email: email.data, name: cleanGoogleName(payload.name) };
    },
  };
};
