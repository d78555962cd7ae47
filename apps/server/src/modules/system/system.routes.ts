import { API, healthResponseSchema, publicConfigSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { pingDatabase } from '../../platform/db.js';

export const registerSystemRoutes = (app: AppInstance) => {
  // Tiny answers polled often: no compression hooks (nothing under the 1 KB threshold is compressed anyway).
  const small = { compress: false } as const;
  app.get(API.health, { config: small, schema: { tags: ['system'], response: { 200: healthResponseSchema } } }, async () => {
    await pingDatabase(app.ctx.database);
    return { status: 'ok' as const, database: 'ok' as const, queue: 'ok' as const };
  });

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
    }),
  );
  app.get(API.config, { config: small, schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, (_request, reply) => {
    // A string payload skips the response serializer (the object was checked above).
    void reply.type('application/json; charset=utf-8').send(publicConfig as never);
  });
};
