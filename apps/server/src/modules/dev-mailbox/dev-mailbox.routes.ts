import { z } from 'zod';
import { API, devMailboxResponseSchema, singleLineText } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../platform/errors.js';
import { isLoopbackAddress } from '../../platform/loopback.js';
import { listDevMailMessages } from './dev-mailbox.service.js';

/** Registered only when the dev mailbox is on (never in production), and answering loopback clients only. */
export const registerDevMailboxRoutes = (app: AppInstance) => {
  app.get(
    API.dev.mailbox,
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: singleLineText({ min: 0, max: 254 }).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: devMailboxResponseSchema },
      },
      // request.ip is the client behind TRUST_PROXY's proxies, so a local reverse proxy does not open it up.
      onRequest: async (request) => {
        if (!isLoopbackAddress(request.ip)) throw new AppError('NOT_FOUND', 'not found');
      },
    },
    async (request) => listDevMailMessages(app.ctx.db, request.query),
  );
};
