import { z } from 'zod';
import { API, devMailboxResponseSchema, singleLineText } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../platform/errors.js';
import { listDevMail } from './dev-mailbox.repository.js';

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the dev mailbox holds live links, so only this machine may read it. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
};

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
    async (request) => {
      const rows = await listDevMail(app.ctx.db, request.query);
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};
