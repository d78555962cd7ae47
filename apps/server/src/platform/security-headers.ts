import type { AppInstance } from '../app.js';
import type { Config } from './env.js';

export const registerSecurityHeaders = (app: AppInstance, _config: Config): void => {
  // Links carry tokens in their paths (/reset-password/…): no page may leak them in a Referer, nor be framed.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
  });

};
