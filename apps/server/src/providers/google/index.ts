/** What a verified Google ID token tells us. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

export interface GoogleIdTokenVerifier {
  /** Throws when the token's signature, issuer, audience, expiry or e-mail verification fails. */
  verify(credential: string): Promise<GoogleIdentity>;
}
