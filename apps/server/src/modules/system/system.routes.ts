import { API, healthResponseSchema, publicConfigSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { pingDatabase } from '../../platform/db.js';

export const registerSystemRoutes = (app: AppInstance) => {
  app.get(API.health, { schema: { tags: ['system'], response: { 200: healthResponseSchema } } }, async () => {
    await pingDatabase(app.ctx.database);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get(API.config, { schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
    googleClientId: app.ctx.config.googleClientId ?? null,
    supportEmail: app.ctx.config.supportEmail,
    devMailbox: app.ctx.config.devMailbox,
    googleContacts: app.ctx.config.googleClientId ? ('google' as const) : app.ctx.config.devMailbox ? ('sandbox' as const) : null,
  }));
};
