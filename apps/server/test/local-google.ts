import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** A stand-in for Google's JWKS endpoint on 127.0.0.1, with a signer for ID tokens. */
export const startLocalGoogle = async (clientId: string) => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stranger = await generateKeyPair('RS256');

  /** `expiresIn: null` signs a token without `exp`; `issuedAt` (seconds since the epoch) overrides `iat`. */
  const sign = async (
    claims: JWTPayload,
    options: { key?: 'stranger'; audience?: string; issuer?: string; expiresIn?: string | null; issuedAt?: number } = {},
  ) => {
    const jwt = new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? clientId)
      .setIssuedAt(options.issuedAt);
    if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? '10m');
    return jwt.sign(options.key === 'stranger' ? stranger.privateKey : privateKey);
  };

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
