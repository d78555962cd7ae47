import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyBaseLogger, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API, API_BASE, EVENT_IMAGE_MAX_BYTES, PLATFORM_HEADER } from '@magiim/shared';
import type { Config } from './platform/env.js';
import type { AppContext } from './platform/context.js';
import { createAppContext } from './app-context.js';
import { AppError } from './platform/errors.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './platform/http-errors.js';
import { createLoggerOptions, RedactingLogController, sharedRequestLogger, type LogDestination } from './platform/logger.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { registerCompression, registerWebApp } from './platform/web-static.js';
import { platformOf } from './platform/auth.js';
import { withMultipartForms, type MultipartForm } from './platform/openapi-multipart.js';
import { guardBeforeBody, type GuardedRoute } from './route-guards.js';
import { registerDevMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerOneTimeSignInRoutes } from './modules/auth/one-time-sign-in.routes.js';
import { registerUserRoutes } from './modules/auth/account.routes.js';
import { registerEventRoutes } from './modules/events/events.routes.js';
import { registerGuestRoutes } from './modules/guests/guests.routes.js';
import { registerGroupRoutes } from './modules/groups/groups.routes.js';
import { registerPlacesRoutes } from './modules/places/places.routes.js';
import { registerMediaRoutes } from './modules/media/media.routes.js';
import { registerPreviewCardRoutes } from './modules/invitations/preview-card/preview-card.routes.js';
import { registerInvitePages } from './modules/invitations/page/invite-pages.routes.js';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes.js';
import { registerStatsRoutes } from './modules/stats/stats.routes.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerPaymentCallbackRoutes } from './modules/billing/payment-callback.routes.js';
import { registerWebhookRoutes } from './modules/messaging/webhooks/webhooks.routes.js';
import { registerSandboxPaymentPages } from './modules/billing/sandbox-page.routes.js';
import { registerSandboxReplyRoutes } from './modules/messaging/sandbox-dev/sandbox-reply.routes.js';
import { registerSandboxDevPage } from './modules/messaging/sandbox-dev/sandbox-page.routes.js';
import { registerTimingRoutes } from './modules/messaging/timing/timing.routes.js';
import { registerTemplateRoutes } from './modules/messaging/templates/templates.routes.js';
import { registerMessagesRoutes } from './modules/messaging/messages.routes.js';
import { registerExpenseRoutes } from './modules/expenses/expenses.routes.js';
import { registerSeatingRoutes } from './modules/seating/seating.routes.js';
import { seatingTableLookup } from './modules/seating/public.js';
import { registerGiftRoutes } from './modules/gifts/gifts.routes.js';
import { registerGiftLedgerRoutes } from './modules/gift-ledger/gift-ledger.routes.js';
import { registerSandboxGiftPage } from './modules/gifts/sandbox-gift-page.routes.js';
import { registerSupportRoutes } from './modules/support/support.routes.js';
import { registerPushRoutes } from './modules/push/push.routes.js';
import { registerCohostRoutes } from './modules/cohosts/cohosts.routes.js';
import { registerVoiceTemplateRoutes } from './modules/calls/templates/voice-templates.routes.js';
import { registerTextToSpeechRoutes } from './modules/calls/speech/text-to-speech.routes.js';
import { registerCallReportRoutes } from './modules/calls/engine/call-report.routes.js';
import { registerVoiceWebhookRoutes } from './modules/calls/webhooks/voice-webhooks.routes.js';
import { registerSandboxCallPage, registerSandboxCallRoutes } from './modules/calls/sandbox-dev/sandbox-calls.routes.js';
import { registerAdministrationRoutes } from './modules/administration/administration.routes.js';
import { registerAccountDataRoutes } from './modules/account-data/account-data.routes.js';
import { registerCheckinRoutes } from './modules/checkin/checkin.routes.js';
import { registerMetrics } from './modules/metrics/metrics.routes.js';
import type { MailTransport } from './providers/mail/index.js';
import type { PaymentProvider } from './providers/payment/index.js';


const EVENT_IMAGE_PART = `The event's image: jpeg, png, webp or heic, at most ${EVENT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
const EVENT_MULTIPART_FORMS: MultipartForm[] = [
  { path: API.event.newEvent, method: 'post', dataRequired: true, file: 'image', fileDescription: EVENT_IMAGE_PART },
  { path: API.event.editEvent('{id}'), method: 'post', dataRequired: false, file: 'image', fileDescription: EVENT_IMAGE_PART },
];

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** Run the job worker in this process (default true; `--no-worker` turns it off). */
  worker?: boolean;
  /** Overrides for tests: a different mail transport, a faster job poll. */
  mailTransport?: MailTransport;
  jobPollingIntervalSeconds?: number;
  /** Tests: a payment provider of their own instead of the configured one. */
  paymentProvider?: PaymentProvider;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
}

/**
 * Paths under /api that need no platform header: probes, the API document, the dev tools, the payment
 * provider's server callback and the messaging providers' webhooks (a provider sends no such header).
 */
const PLATFORM_EXEMPT = [API.health, '/docs', '/dev/', API.paymentCallback(''), API.webhooks.prefix].map((path) => `${API_BASE}${path}`);
const isPlatformExempt = (url: string) => PLATFORM_EXEMPT.some((prefix) => url.startsWith(prefix));

export const buildApp = async (config: Config, options: BuildOptions = {}) => {
  const app = Fastify({
    logger: options.logger === false ? false : createLoggerOptions({ level: config.logLevel, stream: options.logStream }),
    logController: new RedactingLogController(),
    childLoggerFactory: sharedRequestLogger,
    bodyLimit: 1_048_576,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A request must arrive whole within REQUEST_TIMEOUT_MS (its head within 20 s at most); Node checks
    // every quarter of that, so a body trickled byte by byte is cut close to the limit.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>() as AppInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { ctx, jobDefinitions, close: closeContext } = await createAppContext(config, {
    logger: app.log,
    worker: options.worker !== false,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.jobPollingIntervalSeconds ? { jobPollingIntervalSeconds: options.jobPollingIntervalSeconds } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
  });
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  // Before every route and plugin: its onResponse hook must reach them all (hooks added later skip plugins already loaded).
  await registerMetrics(app, ctx);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Magiim API', version: '1.0.0', description: 'RSVP and guest management for event hosts.' },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a meta id (the error shape) become one component instead of a copy per route.
    // newEvent and editEvent also take the multipart form spec §7 sends: the document shows it beside the JSON.
    transformObject: (input) => withMultipartForms(jsonSchemaTransformObject(input), EVENT_MULTIPART_FORMS),
  });

  const routes: GuardedRoute[] = [];
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>() as AppInstance;
      // Before the routes: who may call is decided before the body is read or validated.
      typed.addHook('onRoute', guardBeforeBody(ctx, routes));
      typed.addHook('onRequest', (request, _reply, done) => {
        if (platformOf(request) || isPlatformExempt(request.url)) return done();
        done(new AppError('PLATFORM_REQUIRED', `${PLATFORM_HEADER} header must be web, ios or android`));
      });
      registerSystemRoutes(typed);
      registerAuthRoutes(typed);
      registerOneTimeSignInRoutes(typed);
      registerUserRoutes(typed);
      registerEventRoutes(typed);
      registerGuestRoutes(typed);
      registerGroupRoutes(typed);
      registerPlacesRoutes(typed);
      registerInvitationRoutes(typed);
      registerStatsRoutes(typed);
      registerNotificationRoutes(typed);
      registerBillingRoutes(typed);
      registerTimingRoutes(typed);
      registerTemplateRoutes(typed);
      registerMessagesRoutes(typed);
      registerVoiceTemplateRoutes(typed);
      registerTextToSpeechRoutes(typed);
      registerCallReportRoutes(typed);
      registerExpenseRoutes(typed);
      registerSeatingRoutes(typed);
      registerGiftRoutes(typed);
      registerGiftLedgerRoutes(typed);
      registerSupportRoutes(typed);
      registerPushRoutes(typed);
      registerCohostRoutes(typed);
      registerAdministrationRoutes(typed);
      registerAccountDataRoutes(typed);
      // The door shows each guest's table from the seating chart.
      registerCheckinRoutes(typed, { lookupTables: seatingTableLookup(ctx.db) });
      await registerPaymentCallbackRoutes(typed);
      await registerWebhookRoutes(typed);
      await registerVoiceWebhookRoutes(typed);
      if (config.devMailbox) registerDevMailboxRoutes(typed);
      registerSandboxReplyRoutes(typed);
      registerSandboxCallRoutes(typed);
      typed.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );

  await registerMediaRoutes(app);
  await registerPreviewCardRoutes(app);
  // The guest's pages as server-rendered HTML (outside /api, before the SPA's fallback).
  await registerInvitePages(app);
  // The sandbox provider's hosted page and receipt; absent unless the sandbox takes the payments.
  if (config.payment.provider === 'sandbox') await registerSandboxPaymentPages(app);
  // The messaging sandbox's dev tools page (never in production).
  await registerSandboxDevPage(app);
  await registerSandboxCallPage(app);
  // The sandbox gift provider's link opens a test page (never with the managed provider).
  if (config.gifts.provider === 'sandbox') await registerSandboxGiftPage(app);
  await registerWebApp(app, config);

  const close = async () => {
    await app.close();
    await closeContext();
  };
  return { app, ctx, close, jobDefinitions, routes };
};
