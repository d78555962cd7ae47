import { API, healthResponseSchema, liveResponseSchema, publicConfigSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { checkReadiness } from './readiness.js';

export const registerSystemRoutes = (app: AppInstance) => {
  // Tiny answers polled often: no compression hooks (nothing under the 1 KB threshold is compressed anyway).
  const small = { compress: false } as const;
  // Readiness: the database and the job queue answer within a few seconds; 503 with the same shape when not.
  app.get(
    API.health,
    { config: small, schema: { tags: ['system'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const health = await checkReadiness(app.ctx);
      if (health.status === 'ok') return health;
      return reply.code(503).header('retry-after', '1').send(health);
    },
  );
  // Liveness: the process answers; nothing else is touched (a database outage must not get the process restarted).
  app.get(API.healthLive, { config: small, schema: { tags: ['system'], response: { 200: liveResponseSchema } } }, () => ({ status: 'ok' as const }));

  // The same for every caller for the life of the process: checked and serialised once, sent as it is.
  const { config } = app.ctx;
  const publicConfig = JSON.stringify(
    publicConfigSchema.parse({
      googleClientId: config.googleClientId ?? null,
      supportEmail: config.supportEmail,
      devMailbox: config.devMailbox,
      googleContacts: config.googleClientId ? 'google' : config.devMailbox ? 'sandbox' : null,
      supportWhatsappNumber: config.supportWhatsappNumber,
      accessibilityContact: config.accessibilityContact,
      accessibilityContactName: config.accessibilityContactName,
      accessibilityContactPhone: config.accessibilityContactPhone,
    }),
  );
  app.get(API.config, { config: small, schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, (_request, reply) => {
    // A string payload skips the response serializer (the object was checked above).
    void reply.type('application/json; charset=utf-8').send(publicConfig as never);
  });
};
