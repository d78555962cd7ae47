import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@magiim/shared';
import type { AppInstance } from '../app.js';
import { isDatabaseUnavailable } from './db.js';
import { AppError, httpStatusOf } from './errors.js';

/** The shape of every error answer; loose, so an error's extra fields (a 429's retryAfterSeconds) pass. */
export const apiErrorSchema = z
  .looseObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError', description: 'Every error: a code (shown translated as errors.<code>), a short English text for logs and, for VALIDATION, the fields at fault.' });

/** Longer URLs answer 414 before routing (Node's own limit is the 16 KB of the request head: 431). */
export const MAX_URL_LENGTH = 8192;

/**
 * Fixed texts for the refusals of the framework and of Node's parser: their own messages quote the path,
 * the body or a header, and nothing a client sent is echoed back.
 */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'the request could not be read',
  PAYLOAD_TOO_LARGE: 'the request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'this content type is not accepted here',
  REQUEST_TIMEOUT: 'the request took too long to arrive',
  HEADERS_TOO_LARGE: 'the request headers are too large',
  URI_TOO_LONG: 'the URL is too long',
  NOT_FOUND: 'not found',
};

const refusal = (code: ErrorCode) => ({ code, message: REFUSALS[code] ?? code });

/** Fastify's error codes (and plain statuses) → ours. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};
const STATUS_CODES_OURS: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

const codeOfFrameworkError = (error: { code?: string; statusCode?: number }): ErrorCode =>
  (error.code && FRAMEWORK_CODES[error.code]) || STATUS_CODES_OURS[error.statusCode ?? 400] || 'BAD_REQUEST';

/** Fastify's `frameworkErrors`: bad URL encoding, an over-long path parameter (these never reach the error handler). */
export const answerFrameworkError = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const code = codeOfFrameworkError(error);
  void reply.code(httpStatusOf(code)).header('cache-control', 'no-store').send(refusal(code));
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (headers too
 * large, a bad Content-Length, a request that took longer than REQUEST_TIMEOUT_MS) answers in our shape.
 */
export const answerClientError = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT'
      ? 'REQUEST_TIMEOUT'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : 'BAD_REQUEST';
  const status = httpStatusOf(code);
  const body = JSON.stringify(refusal(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** A stream cut because the client closed the connection ("premature close"), not a fault of ours. */
const isClientGone = (error: unknown): boolean => {
  const { code, message } = error as { code?: string; message?: string };
  return (code !== undefined && CLIENT_GONE.has(code)) || message === 'Premature close';
};

/** Every error leaves as `{code, message, issues?}`; unexpected ones are logged and answer 500. */
export const registerErrorHandler = (app: AppInstance): void => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).headers(error.headers()).send(error.toBody());
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
      // Malformed JSON, a bad Content-Length, a wrong content type…: the framework's message may quote the input.
      const code = codeOfFrameworkError(error as { code?: string; statusCode?: number });
      return reply.code(httpStatusOf(code)).send(refusal(code));
    }
    if (isClientGone(error)) {
      // The browser went away mid-answer (a favicon dropped, a tab closed): nothing failed on our side.
      request.log.info({ req: request, reason: (error as { code?: string; message?: string }).code ?? (error as { message?: string }).message }, 'request aborted by the client');
      return reply.code(499).send(new AppError('BAD_REQUEST', 'the client closed the request').toBody());
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ req: request, err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send(new AppError('UNAVAILABLE', 'the service is busy, try again').toBody());
    }
    request.log.error({ req: request, err: error }, 'unhandled error');
    return reply.code(500).send(new AppError('INTERNAL', 'something went wrong').toBody());
  });

  // Callback style, not async: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.length > MAX_URL_LENGTH ? new AppError('URI_TOO_LONG', REFUSALS.URI_TOO_LONG) : undefined);
  });

  // Every documented route documents its errors too (a route's own 4xx/5xx schemas win).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide) return;
    schema.response = { '4xx': apiErrorSchema, '5xx': apiErrorSchema, ...schema.response };
  });
};
