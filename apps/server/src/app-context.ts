import { createViewCounter } from './modules/invitations/view-counter.js';
import { backfillInviteLinks } from './modules/invitations/invite-links-backfill.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/env.js';
import type { AppContext } from './platform/context.js';
import { migrateDatabase, openDatabase } from './platform/db.js';
import { startJobs, type JobDefinition } from './platform/jobs.js';
import { createAppHooks } from './platform/hooks.js';
import { subscribeMessagingHooks } from './modules/messaging/hooks.js';
import { subscribeCallHooks } from './modules/calls/hooks.js';
import { subscribeGiftLedgerHooks } from './modules/gift-ledger/hooks.js';
import { createRateLimiter } from './modules/rate-limits/rate-limiter.js';
import { createMailQueue } from './modules/mail/mail.jobs.js';
import { storeDevMail } from './modules/dev-mailbox/dev-mailbox.repository.js';
import { createRetentionJobs } from './modules/rate-limits/rate-limit.jobs.js';
import { createAuthJobs } from './modules/auth/auth.jobs.js';
import { createHousekeepingJobs } from './modules/housekeeping/housekeeping.jobs.js';
import { createSandboxMailTransport } from './providers/mail/sandbox.js';
import { createSmtpMailTransport } from './providers/mail/smtp.js';
import type { MailTransport } from './providers/mail/index.js';
import { createNoMailTransport } from './providers/mail/none.js';
import { assertProductionReady } from './platform/production-checks.js';
import { createGoogleIdTokenVerifier } from './providers/google/google-jwks.js';
import { createPlacesProvider } from './providers/places/create-places-provider.js';
import { createFileStorage } from './providers/storage/create-file-storage.js';
import { createGoogleContactsProvider } from './providers/google-contacts/create-google-contacts-provider.js';
import { createPaymentProvider } from './providers/payment/create-payment-provider.js';
import { createMessagingProviders } from './providers/messaging/create-messaging-providers.js';
import { createMessagingInbox } from './modules/messaging/inbox.js';
import { createMessagingJobs } from './modules/messaging/messaging.jobs.js';
import { applyTemplateReview } from './modules/messaging/templates/templates.service.js';
import { createTemplateReviewJobs } from './modules/messaging/templates/review.jobs.js';
import type { PaymentProvider } from './providers/payment/index.js';
import { createWebhookJobs } from './modules/messaging/webhooks/webhooks.jobs.js';
import { createWhatsAppTemplateJobs } from './modules/messaging/whatsapp-templates/whatsapp-templates.jobs.js';
import { createDeliveryJobs } from './modules/messaging/delivery/delivery.jobs.js';
import { createVoiceProvider } from './providers/voice/create-voice-provider.js';
import { createTextToSpeechProvider } from './providers/tts/create-tts-provider.js';
import { respondToCall } from './modules/calls/engine/call-flow.js';
import { applyCallStatus } from './modules/calls/engine/call-status.js';
import { createCallJobs } from './modules/calls/engine/calls.jobs.js';
import { createSpeechJobs } from './modules/calls/speech/speech.jobs.js';
import { createGiftLinkProvider } from './providers/gifts/create-gift-provider.js';
import { createPushProvider } from './providers/push/create-push-provider.js';
import { createGiftJobs } from './modules/gifts/gifts.jobs.js';
import { createPushJobs } from './modules/push/push.jobs.js';
import { createDataRetentionJobs } from './modules/retention/retention.jobs.js';
import { createBillingJobs } from './modules/billing/billing.jobs.js';

export interface ContextOptions {
  logger: FastifyBaseLogger;
  /** Handle jobs in this process (the worker role). */
  worker: boolean;
  mailTransport?: MailTransport;
  /** Tests: a provider of their own instead of the configured one. */
  paymentProvider?: PaymentProvider;
  jobPollingIntervalSeconds?: number;
}

/**
 * What the API and the worker share: the database (migrated), the job queue, providers and the job
 * definitions. `worker.ts` builds only this; `buildApp` adds HTTP on top.
 */
export const createAppContext = async (config: Config, options: ContextOptions) => {
  // Production refuses what would lose mail quietly and names every sandbox left on (issue 22).
  assertProductionReady(config, options.logger);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPassword: config.secrets.databasePassword,
    ...config.database,
  });
  try {
    await migrateDatabase(database);
    await backfillInviteLinks(database.db, config.secrets.tokenPepper);
  } catch (error) {
    await database.close();
    throw error;
  }
  const jobs = await startJobs({
    connectionString: database.connectionString,
    logger: options.logger,
    poolSize: config.database.jobPoolSize,
    ...(options.jobPollingIntervalSeconds ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds } : {}),
  });
  // Issue 22: the dev mailbox only where config says so (never in production); MAIL_TRANSPORT=none drops.
  const mailTransport =
    options.mailTransport ??
    (config.mailTransport === 'smtp' && config.smtpUrl
      ? createSmtpMailTransport(config.smtpUrl, config.mailFrom)
      : config.mailTransport === 'dev-mailbox'
        ? createSandboxMailTransport((message) => storeDevMail(database.db, message))
        : createNoMailTransport());
  const mail = createMailQueue({
    db: database.db,
    jobs,
    transport: mailTransport,
    payloadSecret: config.secrets.payloadKey,
    logger: options.logger,
  });

  const ctx: AppContext = {
    config,
    logger: options.logger,
    database,
    db: database.db,
    jobs,
    hooks: createAppHooks(),
    rateLimiter: createRateLimiter(database.db, config.rateLimits, config.secrets.tokenPepper),
    enqueueEmail: mail.enqueueEmail,
    google: config.googleClientId
      ? createGoogleIdTokenVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
      : undefined,
    places: createPlacesProvider(config),
    storage: createFileStorage(config),
    googleContacts: createGoogleContactsProvider(config),
    inviteViews: createViewCounter(database.db),
    payments: options.paymentProvider ?? createPaymentProvider(config, database.db),
    // Review answers arrive after submit() returned, so `ctx` exists by then.
    messaging: createMessagingProviders(config, () => inbox, {
      onTemplateReviewed: async (result) => {
        await applyTemplateReview(ctx, result);
      },
      onTemplateReviewError: (error, result) =>
        options.logger.error({ err: error, templateId: result.templateId, revision: result.revision }, 'template review answer not recorded'),
    }),
    voice: createVoiceProvider(config, {
      db: database.db,
      logger: options.logger,
      handlers: () => ({
        respond: (attemptId, input) => respondToCall(ctx, attemptId, input),
        status: (attemptId, report) => applyCallStatus(ctx, attemptId, report),
      }),
    }),
    tts: createTextToSpeechProvider(config),
    gifts: createGiftLinkProvider(config),
    push: createPushProvider(config),
  };
  const inbox = createMessagingInbox(ctx);
  subscribeMessagingHooks(ctx);
  subscribeCallHooks(ctx);
  subscribeGiftLedgerHooks(ctx);

  const jobDefinitions: JobDefinition<object>[] = [
    mail.sendEmailJob as unknown as JobDefinition<object>,
    mail.pruneDeliveriesJob,
    ...createRetentionJobs(ctx),
    ...createAuthJobs(ctx),
    ...createHousekeepingJobs(ctx),
    ...createMessagingJobs(ctx),
    ...createTemplateReviewJobs(ctx),
    ...createWebhookJobs(ctx),
    ...createWhatsAppTemplateJobs(ctx),
    ...createDeliveryJobs(ctx),
    ...createCallJobs(ctx),
    ...createSpeechJobs(ctx),
    ...createGiftJobs(ctx),
    ...createPushJobs(ctx),
    ...createDataRetentionJobs(ctx),
    ...createBillingJobs(ctx),
  ];
  if (options.worker) await jobs.work(jobDefinitions);


  const close = async () => {
    await ctx.inviteViews.stop();
    await jobs.stop();
    await mailTransport.close?.();
    await database.close();
  };
  return { ctx, jobDefinitions, close };
};
