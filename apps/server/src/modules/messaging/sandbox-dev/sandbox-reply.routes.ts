import { z } from 'zod';
import { API, sandboxReplySchema } from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import { AppError } from '../../../platform/errors.js';
import { isLoopbackAddress } from '../../../platform/loopback.js';
import { playSandboxReply } from './sandbox-reply.service.js';

/**
 * `POST /dev/sandbox/reply {to, channel, text, payload?}`: a guest's reply (a tap carries its payload) to the sandbox channels. Never registered in
 * production, and answering this machine only (like the dev mailbox: a reply can opt a guest out).
 */
export const registerSandboxReplyRoutes = (app: AppInstance) => {
  if (app.ctx.config.nodeEnv === 'production') return;
  app.post(
    API.sandboxReply,
    {
      schema: { tags: ['dev'], security: [], body: sandboxReplySchema, response: { 200: z.object({ ok: z.literal(true) }) } },
      onRequest: async (request) => {
        if (!isLoopbackAddress(request.ip)) throw new AppError('NOT_FOUND', 'not found');
      },
    },
    async (request) => {
      await playSandboxReply(app.ctx, request.body);
      return { ok: true as const };
    },
  );
};
