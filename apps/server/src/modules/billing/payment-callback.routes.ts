import { z } from 'zod';
import { API, okResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { handlePaymentCallback } from './payments.service.js';

const paramsSchema = z.object({ provider: z.string().min(1).max(40) });

/** Providers post forms as often as JSON; the parser lives only in this route's scope. */
const parseForm = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
  done(null, Object.fromEntries(new URLSearchParams(body)));
};

/**
 * The payment provider's server callback: no session and no platform header (app.ts exempts the path). It is
 * a hint only (verify re-queries the provider), and it always answers 200 so the provider stops retrying.
 */
export const registerPaymentCallbackRoutes = async (app: AppInstance) => {
  await app.register(async (scope) => {
    const typed = scope as AppInstance;
    typed.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, parseForm);
    typed.post(
      API.paymentCallback(':provider'),
      {
        schema: {
          tags: ['orders'],
          description: "The payment provider's server callback (JSON or a form); the order is verified with the provider. Always 200.",
          params: paramsSchema,
          security: [],
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        try {
          await handlePaymentCallback(typed.ctx, request.params.provider, request.body);
        } catch (error) {
          request.log.error({ err: error }, 'payment callback failed');
        }
        return { ok: true as const };
      },
    );
  });
};
