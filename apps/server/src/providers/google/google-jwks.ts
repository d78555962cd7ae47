import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { GoogleIdTokenVerifier } from './index.js';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies Google Identity Services ID tokens against Google's published keys (or a local JWKS in tests). */
export const createGoogleIdTokenVerifier = (options: { clientId: string; jwksUrl: string }): GoogleIdTokenVerifier => {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return {
    verify: async (credential) => {
      const { payload } = await jwtVerify(credential, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('token lacks sub or email');
      if (payload.email_verified !== true && payload.email_verified !== 'true') throw new Error('e-mail not verified by Google');
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    },
  };
};
