import { createHmac, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for sessions and for links sent by e-mail. */
export const generateToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as a keyed hash, so neither a database dump nor a log reveals a usable token. */
export const hashToken = (token: string, pepper: string): string =>
  createHmac('sha256', pepper).update(token).digest('base64url');
