import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app.js';
import { AppError } from './errors.js';

/** Every error leaves as `{code, message, issues?}`; unexpected ones are logged and answer 500. */
export const registerErrorHandler = (app: AppInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'validation.invalidValue',
      }));
      return reply.code(400).send(new AppError('VALIDATION', 'invalid input', issues).toBody());
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send(new AppError('RATE_LIMITED').toBody());
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: status === 404 ? 'NOT_FOUND' : 'VALIDATION', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(new AppError('INTERNAL', 'something went wrong').toBody());
  });

};
