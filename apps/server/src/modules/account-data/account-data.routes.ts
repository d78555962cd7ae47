import { z } from 'zod';
import { activeEventsSchema, API, deleteAccountSchema, okResponseSchema, rateLimitedResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { setHostMark } from '../auth/host-mark-cookie.js';
import { DATA_EXPORTS_PER_USER, deleteAccount, exportAccountData } from './account-data.service.js';

const tags = ['user'];
const ZIP_TYPE = 'application/zip';

const activeEventErrorSchema = activeEventsSchema.extend({ code: z.literal('ACCOUNT_HAS_ACTIVE_EVENT'), message: z.string() });

/** Issue 22: the host's own data (`GET user/export`) and deleting the account (`DELETE user/account`). */
export const registerAccountDataRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);

  app.get(
    API.user.export,
    {
      preHandler,
      schema: {
        tags,
        description:
          `All of the user's data as a zip (${ZIP_TYPE}): account.json (the profile), events.json (the events owned or co-hosted, ` +
          'the orders the user placed, amounts in agorot, receipt links) and one guest list xlsx per event. ' +
          `At most ${DATA_EXPORTS_PER_USER.max} in ${DATA_EXPORTS_PER_USER.windowMinutes} minutes (RATE_LIMITED).`,
      },
    },
    async (request, reply) => {
      const download = await exportAccountData(ctx, authOf(request).user);
      return reply
        .header('content-type', ZIP_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${download.asciiName}"`)
        .send(download.file);
    },
  );

  app.delete(
    API.user.account,
    {
      preHandler,
      schema: {
        tags,
        description:
          "Deletes the session's own account, confirmed with the password (WRONG_CURRENT_PASSWORD) or, for a Google-only account, " +
          'the e-mail typed again (VALIDATION). Refused while the user owns a paid event dated today or later (409 ' +
          'ACCOUNT_HAS_ACTIVE_EVENT, the events listed). Paid orders are kept; every session ends; a confirmation goes to the old address.',
        body: deleteAccountSchema,
        response: { 200: okResponseSchema, 409: activeEventErrorSchema, 429: rateLimitedResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, authOf(request).user, request.body);
      setHostMark(reply, ctx.config, null);
      return { ok: true as const };
    },
  );
};
