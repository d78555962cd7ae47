import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.js';
import type { Database, Db } from './db.js';
import type { Jobs } from './jobs.js';
import type { AppHooks } from './hooks.js';
import type { RateLimiter } from '../modules/rate-limits/rate-limiter.js';
import type { MailMessage } from '../providers/mail/index.js';
import type { GoogleIdTokenVerifier } from '../providers/google/index.js';
import type { PlacesProvider } from '../providers/places/index.js';
import type { FileStorage } from '../providers/storage/index.js';
import type { GoogleContactsProvider } from '../providers/google-contacts/index.js';
import type { PaymentProvider } from '../providers/payment/index.js';
import type { MessagingProviders } from '../providers/messaging/create-messaging-providers.js';
import type { VoiceCallProvider } from '../providers/voice/index.js';
import type { TextToSpeechProvider } from '../providers/tts/index.js';
import type { GiftLinkProvider } from '../providers/gifts/index.js';
import type { PushProvider } from '../providers/push/index.js';

/** Guest page opens, counted in memory and written in batches (modules/invitations/view-counter.ts). */
export interface ViewCounter {
  count(guestId: string): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** What services need from the running process; built once in app.ts and passed down. */
export interface AppContext {
  config: Config;
  /** The process's logger, for work that runs outside a request (callbacks, provider calls). */
  logger: FastifyBaseLogger;
  database: Database;
  db: Db;
  jobs: Jobs;
  /** Work that crosses layers upward: the lower module emits, the higher one subscribed at start-up. */
  hooks: AppHooks;
  rateLimiter: RateLimiter;
  /** Queues an e-mail; the worker sends it (with retries). */
  enqueueEmail(message: MailMessage): Promise<void>;
  /** Undefined when GOOGLE_CLIENT_ID is not set: Google sign-in is then off. */
  google: GoogleIdTokenVerifier | undefined;
  /** Location suggestions and place details (offline Israeli localities by default, Google Places with a key). */
  places: PlacesProvider;
  /** Uploaded and generated files (event images). */
  storage: FileStorage;
  googleContacts: GoogleContactsProvider;
  /** Guest page opens, counted in memory and written in batches. */
  inviteViews: ViewCounter;
  /** Package payments (sandbox hosted page by default, Cardcom when configured). */
  payments: PaymentProvider;
  /** Text channels (sandbox by default) and the template reviewer. */
  messaging: MessagingProviders;
  /** Voice calls of the premium call round (sandbox by default, Twilio when configured). */
  voice: VoiceCallProvider;
  /** Speech for the call preview and `<Play>` (eSpeak NG offline by default, Google when configured). */
  tts: TextToSpeechProvider;
  /** The gift-link service (sandbox by default; managed by the administration in production). */
  gifts: GiftLinkProvider;
  /** Pushes to the mobile app (sandbox by default, Firebase Cloud Messaging when configured). */
  push: PushProvider;
}
