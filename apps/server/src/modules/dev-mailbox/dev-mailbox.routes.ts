import { z } from 'zod';
import { API, devMailboxResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { listDevMail } from './dev-mailbox.repository.js';

/** Registered only when the dev mailbox is on (never in production). */
export const registerDevMailboxRoutes = (app: AppInstance) => {
  app.get(
    API.dev.mailbox,
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: devMailboxResponseSchema },
      },
    },
    async (request) => {
      const rows = await listDevMail(app.ctx.db, request.query);
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};
