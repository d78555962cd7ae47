import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Parsed once at start; a bad value stops the process with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told: a LAN must not reach a development server (and its dev mailbox) by default.
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Magiim <no-reply@magiim.co.il>'),
  SUPPORT_EMAIL: z.email().default('support@magiim.co.il'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google Places (New) for the location field; unset: the offline Israeli localities list. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_API_URL: z.url().default('https://places.googleapis.com'),
  /** People API for importing the host's Google contacts (the browser obtains the token). */
  GOOGLE_PEOPLE_API_URL: z.url().default('https://people.googleapis.com'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JOB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DB_POOL_WAIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** How long read requests may reuse a looked-up session (0: never). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** Who takes package payments; outside production the sandbox (our own hosted page) unless told. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'cardcom']).optional(),
  CARDCOM_API_URL: z.url().default('https://secure.cardcom.solutions'),
  CARDCOM_TERMINAL_NUMBER: z.coerce.number().int().positive().optional(),
  CARDCOM_API_NAME: z.string().min(1).optional(),
  CARDCOM_API_PASSWORD: z.string().min(1).optional(),
  /** israel: quiet hours, Shabbat and holidays (the default); always: development and tests only. */
  SENDING_HOURS: z.enum(['israel', 'always']).default('israel'),
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(80),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(30),
  /** The sandbox's template review: static rules at once, approval after this long. */
  SANDBOX_TEMPLATE_REVIEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
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
  googleMapsApiKey: string | undefined;
  googlePlacesApiUrl: string;
  googlePeopleApiUrl: string;
  rateLimits: boolean;
  /** How many reverse proxies stand in front; their X-Forwarded-For gives the client IP for per-IP limits. */
  trustProxyHops: number;
  logLevel: string;
  webDistDir: string | undefined;
  /** A request (head and body) must arrive within this; a slowly sent one is cut with 408. */
  requestTimeoutMs: number;
  /** Read requests reuse a session looked up this recently (writes and revocations drop it at once). */
  sessionCacheMs: number;
  database: {
    poolSize: number;
    jobPoolSize: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    poolWaitTimeoutMs: number;
  };
  secrets: Secrets;
  /** The dev mailbox exists only outside production, and only when no SMTP server is configured. */
  devMailbox: boolean;
  payment: PaymentConfig;
  messaging: {
    sendingHours: 'israel' | 'always';
    whatsappRatePerSecond: number;
    smsRatePerSecond: number;
    sandboxTemplateReviewSeconds: number;
  };
}

export type PaymentConfig =
  | { provider: 'sandbox'; /** Named explicitly in production (the start-up log warns). */ explicit: boolean }
  | { provider: 'cardcom'; apiUrl: string; terminalNumber: number; apiName: string; apiPassword: string | undefined };

export interface Secrets {
  /** Keys the hashes of session and e-mail tokens, so a leaked table alone is useless. */
  tokenPepper: string;
  /** Password of the embedded PostgreSQL's `postgres` role. */
  databasePassword: string;
  /** Encrypts job payloads that carry a secret (e-mails with links), so the job tables hold nothing usable. */
  payloadKey: string;
}

export class ConfigError extends Error {}

const SECRET_NAMES = ['tokenPepper', 'databasePassword', 'payloadKey'] as const;
const generateSecret = () => randomBytes(32).toString('base64url');

/**
 * Secrets not given in the environment are generated into DATA_DIR on first start and kept (a secret added
 * by a later version is generated into an existing file). DATA_DIR is 0700 and the file 0600.
 */
const loadSecrets = (dataDir: string): Secrets => {
  const file = path.join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let stored: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      stored = z.record(z.string(), z.unknown()).parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      throw new ConfigError(`${file} is damaged: delete it to generate new secrets (every session will be signed out).`);
    }
    if (typeof stored.tokenPepper !== 'string' || stored.tokenPepper.length < 32) {
      throw new ConfigError(`${file} is damaged: delete it to generate new secrets (every session will be signed out).`);
    }
  }
  const missing = SECRET_NAMES.filter((name) => typeof stored[name] !== 'string');
  const secrets = { ...stored, ...Object.fromEntries(missing.map((name) => [name, generateSecret()])) } as unknown as Secrets;
  if (missing.length) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
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
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    googlePlacesApiUrl: e.GOOGLE_PLACES_API_URL,
    googlePeopleApiUrl: e.GOOGLE_PEOPLE_API_URL,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    database: {
      poolSize: e.DB_POOL_SIZE,
      jobPoolSize: e.JOB_POOL_SIZE,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolWaitTimeoutMs: e.DB_POOL_WAIT_TIMEOUT_MS,
    },
    secrets: loadSecrets(dataDir),
    devMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
    payment: paymentConfigOf(e),
    messaging: {
      sendingHours: e.SENDING_HOURS,
      whatsappRatePerSecond: e.WHATSAPP_RATE_PER_SECOND,
      smsRatePerSecond: e.SMS_RATE_PER_SECOND,
      sandboxTemplateReviewSeconds: e.SANDBOX_TEMPLATE_REVIEW_SECONDS,
    },
  };
};

const paymentConfigOf = (e: z.infer<typeof envSchema>): PaymentConfig => {
  if (!e.PAYMENT_PROVIDER && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDER: required in production (cardcom, or sandbox to sell nothing real)');
  }
  if (e.PAYMENT_PROVIDER !== 'cardcom') return { provider: 'sandbox', explicit: e.PAYMENT_PROVIDER === 'sandbox' };
  if (!e.CARDCOM_TERMINAL_NUMBER || !e.CARDCOM_API_NAME) {
    throw new ConfigError('Invalid configuration:\n  CARDCOM_TERMINAL_NUMBER and CARDCOM_API_NAME: required with PAYMENT_PROVIDER=cardcom');
  }
  return {
    provider: 'cardcom',
    apiUrl: e.CARDCOM_API_URL.replace(/\/+$/, ''),
    terminalNumber: e.CARDCOM_TERMINAL_NUMBER,
    apiName: e.CARDCOM_API_NAME,
    apiPassword: e.CARDCOM_API_PASSWORD,
  };
};

/** For entry scripts: the config, or a clear message and exit code 1. */
export const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};
