import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Parsed once at start; a bad value stops the process with a clear message. */
/**
 * An SMS sender Israeli gateways take: an alphanumeric name (letters and digits, at least one letter, ≤ 11, no
 * spaces), or a number whose local form (+972… / 972… → 0…) is 3 to 11 digits.
 */
export const isSmsSender = (sender: string): boolean => {
  if (/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/.test(sender)) return true;
  const number = /^\+?(\d+)$/.exec(sender)?.[1];
  if (!number) return false;
  const local = number.startsWith('972') ? `0${number.slice(3)}` : number;
  return local.length >= 3 && local.length <= 11;
};

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
  /** Issue 22: `none` runs production without sending e-mail on purpose (the start-up log repeats it); else SMTP_URL is required there. */
  MAIL_TRANSPORT: z.enum(['smtp', 'none']).optional(),
  /** The accessibility coordinator's contact shown on /accessibility (an e-mail or a phone); unset: SUPPORT_EMAIL. */
  ACCESSIBILITY_CONTACT: z.string().trim().min(3).max(200).optional(),
  /** The accessibility coordinator's name and phone, named on /accessibility beside the contact (IS 5568 asks for both). */
  ACCESSIBILITY_CONTACT_NAME: z.string().trim().min(2).max(100).regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]+$/u, 'no control or direction characters').optional(),
  ACCESSIBILITY_CONTACT_PHONE: z.string().trim().regex(/^\+?[\d\s\-()]{7,20}$/, 'a phone number').optional(),
  /** Bearer token for /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
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
  /** whatsapp-cloud: Meta's WhatsApp Cloud API for the WhatsApp channel; sandbox (default): the built-in one. */
  MESSAGING_PROVIDER: z.enum(['sandbox', 'whatsapp-cloud']).default('sandbox'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/, 'like v24.0').default('v24.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_WABA_ID: z.string().min(1).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** The Meta app's id: uploads the event image for a template's image header (Resumable Upload API). */
  WHATSAPP_APP_ID: z.string().min(1).optional(),
  /** The account's daily tier of unique recipients of business-initiated messages (unset: 1,000 on Meta, none in the sandbox). */
  WHATSAPP_DAILY_RECIPIENTS: z.coerce.number().int().positive().optional(),
  /** No `delivered` within this long after a WhatsApp send: the guest gets the SMS instead (fractions for tests). */
  WHATSAPP_DELIVERY_TIMEOUT_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  /** How long a claimed batch of provider webhooks is held before another processor may take it (its claimer died). */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  /** 019: 019 SMS's JSON API (TextMe speaks the same family); sandbox (default): the built-in one. */
  SMS_PROVIDER: z.enum(['sandbox', '019']).default('sandbox'),
  SMS019_API_URL: z.url().default('https://019sms.co.il/api'),
  SMS019_USERNAME: z.string().min(1).optional(),
  SMS019_TOKEN: z.string().min(1).optional(),
  /**
   * The sender guests see: up to 11 Latin letters and digits with at least one letter, no spaces (one-way), or a
   * registered number whose local form (972… → 0…) has at least 3 and at most 11 digits (guests can reply).
   */
  SMS_SENDER: z
    .string()
    .trim()
    .refine(isSmsSender, 'up to 11 Latin letters and digits with at least one letter (no spaces), or a phone number of up to 11 digits (972… counted as 0…)')
    .optional(),
  /** The secret path segment of the SMS provider's push URLs (/api/webhooks/sms/<secret>/dlr and /inbound). */
  SMS_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _').optional(),
  /** twilio: Twilio Programmable Voice for the premium call round; sandbox (default): simulated guests. */
  VOICE_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'AC followed by 32 hex digits').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The caller id guests see: a Twilio or verified number in E.164 (anonymous calls are refused in Israel). */
  TWILIO_FROM_NUMBER: z.string().regex(/^\+\d{8,15}$/, 'E.164, like +972…').optional(),
  /** Between two attempts to the same guest (fractions for tests). */
  CALL_RETRY_SPACING_MINUTES: z.coerce.number().positive().max(1_440).default(120),
  /** Calls ringing or talking at once, across every event and worker. */
  CALLS_MAX_CONCURRENT: z.coerce.number().int().positive().max(1_000).default(10),
  /** google: Google Cloud Text-to-Speech; sandbox (default): eSpeak NG offline. */
  TTS_PROVIDER: z.enum(['sandbox', 'google']).default('sandbox'),
  /** Google Cloud API key with Text-to-Speech enabled. */
  GOOGLE_TTS_API_KEY: z.string().min(1).optional(),
  GOOGLE_TTS_API_URL: z.url().default('https://texttospeech.googleapis.com'),
  /** managed (the default in production): requests kept sealed, decided by the administration; sandbox: approves after a delay. */
  GIFT_PROVIDER: z.enum(['sandbox', 'managed']).optional(),
  SANDBOX_GIFT_REVIEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** The WhatsApp number of the support chat widget (E.164); unset: no widget. */
  SUPPORT_WHATSAPP_NUMBER: z.string().regex(/^\+\d{8,15}$/, 'E.164, like +972…').optional(),
  /** fcm: Firebase Cloud Messaging HTTP v1 for the mobile app's pushes; sandbox (default): recorded, not sent. */
  PUSH_PROVIDER: z.enum(['sandbox', 'fcm']).default('sandbox'),
  FCM_PROJECT_ID: z.string().min(1).optional(),
  /** A Google service account key file (JSON) with the Firebase Cloud Messaging API role. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
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
    /** Unique WhatsApp recipients per Israeli calendar day; null: no limit (the sandbox unless told). */
    whatsappDailyRecipients: number | null;
    whatsappDeliveryTimeoutMinutes: number;
    webhookLeaseMs: number;
  };
  whatsapp: WhatsAppConfig;
  sms: SmsConfig;
  voice: VoiceConfig;
  tts: TtsConfig;
  gifts: { provider: 'sandbox' | 'managed'; sandboxReviewSeconds: number };
  /** The support chat widget's WhatsApp number; null: no widget. */
  supportWhatsappNumber: string | null;
  push: PushConfig;
  /** Issue 22: where e-mail goes — SMTP, the dev mailbox (outside production only), or nowhere (MAIL_TRANSPORT=none). */
  mailTransport: 'smtp' | 'dev-mailbox' | 'none';
  accessibilityContact: string | null;
  accessibilityContactName: string | null;
  accessibilityContactPhone: string | null;
  /** null: /metrics is off. */
  metricsToken: string | null;
}

export type PushConfig =
  | { provider: 'sandbox' }
  | { provider: 'fcm'; projectId: string; serviceAccountFile: string; apiUrl: string; tokenUrl: string };

export type VoiceConfig = {
  retrySpacingMinutes: number;
  maxConcurrent: number;
} & ({ provider: 'sandbox' } | { provider: 'twilio'; apiUrl: string; accountSid: string; authToken: string; fromNumber: string });

export type TtsConfig = { provider: 'sandbox' } | { provider: 'google'; apiUrl: string; apiKey: string };

export type WhatsAppConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'whatsapp-cloud';
      apiUrl: string;
      apiVersion: string;
      phoneNumberId: string;
      wabaId: string;
      accessToken: string;
      appSecret: string;
      verifyToken: string;
      appId: string | null;
    };

export type SmsConfig = {
  /** What guests see as the sender; null in the sandbox when unset. */
  sender: string | null;
  /** The sender is a number: guests can answer an SMS (1 / 2 / 3, הסר). */
  twoWay: boolean;
} & ({ provider: 'sandbox' } | { provider: '019'; apiUrl: string; username: string; token: string; webhookSecret: string });

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

/** Issue 22: production without a mail server would lose every verification and reset link quietly. */
export const MAIL_REQUIRED_MESSAGE =
  'Invalid configuration:\n  SMTP_URL: required in production (smtp://user:password@host:port or smtps://…), ' +
  'or set MAIL_TRANSPORT=none to run without e-mail on purpose (verification, password reset and receipt e-mails are then dropped)';

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
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.MAIL_TRANSPORT !== 'none') throw new ConfigError(MAIL_REQUIRED_MESSAGE);
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
      whatsappDailyRecipients: e.WHATSAPP_DAILY_RECIPIENTS ?? (e.MESSAGING_PROVIDER === 'whatsapp-cloud' ? 1_000 : null),
      whatsappDeliveryTimeoutMinutes: e.WHATSAPP_DELIVERY_TIMEOUT_MINUTES,
      webhookLeaseMs: e.WEBHOOK_LEASE_SECONDS * 1_000,
    },
    whatsapp: whatsappConfigOf(e),
    sms: smsConfigOf(e),
    voice: voiceConfigOf(e),
    tts: ttsConfigOf(e),
    gifts: { provider: e.GIFT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'managed' : 'sandbox'), sandboxReviewSeconds: e.SANDBOX_GIFT_REVIEW_SECONDS },
    supportWhatsappNumber: e.SUPPORT_WHATSAPP_NUMBER ?? null,
    push: pushConfigOf(e),
    mailTransport: e.SMTP_URL ? 'smtp' : e.MAIL_TRANSPORT === 'none' ? 'none' : e.NODE_ENV === 'production' ? 'none' : 'dev-mailbox',
    accessibilityContact: e.ACCESSIBILITY_CONTACT ?? null,
    accessibilityContactName: e.ACCESSIBILITY_CONTACT_NAME ?? null,
    accessibilityContactPhone: e.ACCESSIBILITY_CONTACT_PHONE ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
};

const pushConfigOf = (e: z.infer<typeof envSchema>): PushConfig => {
  if (e.PUSH_PROVIDER !== 'fcm') return { provider: 'sandbox' };
  const required = { FCM_PROJECT_ID: e.FCM_PROJECT_ID, FCM_SERVICE_ACCOUNT_FILE: e.FCM_SERVICE_ACCOUNT_FILE };
  const absent = Object.entries(required).filter(([, value]) => !value).map(([name]) => name);
  if (absent.length > 0) throw missing(absent, 'PUSH_PROVIDER=fcm');
  return {
    provider: 'fcm',
    projectId: required.FCM_PROJECT_ID!,
    serviceAccountFile: required.FCM_SERVICE_ACCOUNT_FILE!,
    apiUrl: e.FCM_API_URL.replace(/\/+$/, ''),
    tokenUrl: e.FCM_TOKEN_URL,
  };
};

const voiceConfigOf = (e: z.infer<typeof envSchema>): VoiceConfig => {
  const base = { retrySpacingMinutes: e.CALL_RETRY_SPACING_MINUTES, maxConcurrent: e.CALLS_MAX_CONCURRENT };
  if (e.VOICE_PROVIDER !== 'twilio') return { ...base, provider: 'sandbox' };
  const required = { TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER: e.TWILIO_FROM_NUMBER };
  const absent = Object.entries(required).filter(([, value]) => !value).map(([name]) => name);
  if (absent.length > 0) throw missing(absent, 'VOICE_PROVIDER=twilio');
  return {
    ...base,
    provider: 'twilio',
    apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
    accountSid: required.TWILIO_ACCOUNT_SID!,
    authToken: required.TWILIO_AUTH_TOKEN!,
    fromNumber: required.TWILIO_FROM_NUMBER!,
  };
};

const ttsConfigOf = (e: z.infer<typeof envSchema>): TtsConfig => {
  if (e.TTS_PROVIDER !== 'google') return { provider: 'sandbox' };
  if (!e.GOOGLE_TTS_API_KEY) throw missing(['GOOGLE_TTS_API_KEY'], 'TTS_PROVIDER=google');
  return { provider: 'google', apiUrl: e.GOOGLE_TTS_API_URL.replace(/\/+$/, ''), apiKey: e.GOOGLE_TTS_API_KEY };
};

const missing = (names: string[], when: string) =>
  new ConfigError(`Invalid configuration:\n  ${names.join(', ')}: required with ${when}`);

const whatsappConfigOf = (e: z.infer<typeof envSchema>): WhatsAppConfig => {
  if (e.MESSAGING_PROVIDER !== 'whatsapp-cloud') return { provider: 'sandbox' };
  const required = {
    WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_WABA_ID: e.WHATSAPP_WABA_ID,
    WHATSAPP_ACCESS_TOKEN: e.WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN,
  };
  const absent = Object.entries(required).filter(([, value]) => !value).map(([name]) => name);
  if (absent.length > 0) throw missing(absent, 'MESSAGING_PROVIDER=whatsapp-cloud');
  return {
    provider: 'whatsapp-cloud',
    apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    apiVersion: e.WHATSAPP_API_VERSION,
    phoneNumberId: required.WHATSAPP_PHONE_NUMBER_ID!,
    wabaId: required.WHATSAPP_WABA_ID!,
    accessToken: required.WHATSAPP_ACCESS_TOKEN!,
    appSecret: required.WHATSAPP_APP_SECRET!,
    verifyToken: required.WHATSAPP_VERIFY_TOKEN!,
    appId: e.WHATSAPP_APP_ID ?? null,
  };
};

const smsConfigOf = (e: z.infer<typeof envSchema>): SmsConfig => {
  const sender = e.SMS_SENDER?.trim() ?? null;
  const base = { sender, twoWay: sender !== null && /^\+?\d+$/.test(sender) };
  if (e.SMS_PROVIDER !== '019') return { ...base, provider: 'sandbox' };
  const required = { SMS019_USERNAME: e.SMS019_USERNAME, SMS019_TOKEN: e.SMS019_TOKEN, SMS_SENDER: sender, SMS_WEBHOOK_SECRET: e.SMS_WEBHOOK_SECRET };
  const absent = Object.entries(required).filter(([, value]) => !value).map(([name]) => name);
  if (absent.length > 0) throw missing(absent, 'SMS_PROVIDER=019');
  return {
    ...base,
    provider: '019',
    apiUrl: e.SMS019_API_URL.replace(/\/+$/, ''),
    username: required.SMS019_USERNAME!,
    token: required.SMS019_TOKEN!,
    webhookSecret: required.SMS_WEBHOOK_SECRET!,
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
