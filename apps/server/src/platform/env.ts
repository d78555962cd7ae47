import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Parsed once at start; a bad value stops the process with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Magiim <no-reply@magiim.co.il>'),
  SUPPORT_EMAIL: z.email().default('support@magiim.co.il'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  rateLimits: boolean;
  /** How many reverse proxies stand in front; their X-Forwarded-For gives the client IP for per-IP limits. */
  trustProxyHops: number;
  logLevel: string;
  webDistDir: string | undefined;
  secrets: Secrets;
  /** The dev mailbox exists only outside production, and only when no SMTP server is configured. */
  devMailbox: boolean;
}

export interface Secrets {
  /** Keys the hashes of session and e-mail tokens, so a leaked table alone is useless. */
  tokenPepper: string;
}

export class ConfigError extends Error {}

/** Secrets not given in the environment are generated into DATA_DIR on first start and kept. */
const loadSecrets = (dataDir: string): Secrets => {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z.object({ tokenPepper: z.string().min(32) }).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new ConfigError(`${file} is damaged: delete it to generate new secrets (every session will be signed out).`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = { tokenPepper: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    secrets: loadSecrets(dataDir),
    devMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
  };
};
