import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

type PinoLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Anything pino can write lines to (stdout by default; tests pass a stream that keeps them). */
export interface LogDestination {
  write(line: string): void;
}

/** A canonical UUID names a row (an event, a job), not a secret: it stays readable in logs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our link tokens are ≥128 random bits in base64url (≥ 22 characters); 20 leaves a margin. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;

/**
 * A URL fit for a log line: the query string is dropped and every path segment that looks like a token
 * (`/reset-password/<token>`, `/invite/p/<token>`, `/navigate/<token>`…) becomes `[redacted]`, and so does the
 * secret of `/webhooks/sms/<secret>/…`.
 */
export const redactUrl = (url: string | undefined): string => {
  if (!url) return '';
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  const decoded = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment; // a badly encoded segment is judged as written
    }
  });
  return segments
    .map((segment, at) => {
      // The SMS provider's push URLs carry SMS_WEBHOOK_SECRET as a segment, whatever its length.
      if (at >= 2 && decoded[at - 1]?.toLowerCase() === 'sms' && decoded[at - 2]?.toLowerCase() === 'webhooks') return '[redacted]';
      return TOKEN_LIKE.test(decoded[at]!) && !UUID.test(decoded[at]!) ? '[redacted]' : segment;
    })
    .join('/');
};

/** Fields of an error that may carry values (query parameters, row contents): never logged. */
const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: SerializedError;
}

/**
 * Keeps what explains an error (type, message, code, stack, constraint) and nothing that holds the data
 * that caused it: drizzle's "Failed query … params: …" message loses its params, and pg's `detail`,
 * `parameters`, `where` and `internalQuery` (which quote row values) are left out.
 */
export const serializeError = (error: unknown, depth = 0): SerializedError => {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: String(error) };
  }
  const e = error as Error & Record<string, unknown>;
  const message = String(e.message ?? '').replace(PARAMS_IN_MESSAGE, '');
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const pick = (name: string) => (typeof e[name] === 'string' ? (e[name] as string) : undefined);
  const serialized: SerializedError = {
    type: e.name ?? e.constructor?.name ?? 'Error',
    message,
    ...(frames.length ? { stack: [`${e.name ?? 'Error'}: ${message}`, ...frames].join('\n') } : {}),
  };
  for (const name of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
    const value = pick(name);
    if (value) serialized[name] = value;
  }
  if (e.cause !== undefined && depth < 3) serialized.cause = serializeError(e.cause, depth + 1);
  return serialized;
};

const serializeRequest = (request: { id: string; method: string; url: string; ip: string }) => ({
  id: request.id,
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

export interface LoggerSetup {
  level: string;
  /** Where lines go (tests capture them); default stdout. */
  stream?: LogDestination;
}

/** Pino options for Fastify's `logger`: our serializers for requests, replies and errors. */
/** A stream cut because the client went away ("premature close" from end-of-stream, Node's "Premature close"). */
const isClientGoneError = (value: unknown): boolean => {
  if (!(value instanceof Error)) return false;
  const { code } = value as Error & { code?: string };
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message.toLowerCase() === 'premature close';
};
const ERROR_LEVEL = 50;

export const createLoggerOptions = (setup: LoggerSetup): PinoLoggerOptions => ({
  level: setup.level,
  hooks: {
    // @fastify/compress logs a compressed answer the browser dropped (a favicon, a closed tab) with `log.error(err)`:
    // nothing failed on our side, so it is an info line.
    logMethod(args, method, level) {
      if (level === ERROR_LEVEL && isClientGoneError(args[0])) {
        this.info({ reason: 'premature close' }, 'request aborted by the client');
        return;
      }
      method.apply(this, args);
    },
  },
  serializers: {
    req: (request: FastifyRequest) => serializeRequest(request),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    err: (error: Error) => ({ stack: '', ...serializeError(error) }),
    error: serializeError,
  },
  ...(setup.stream ? { stream: setup.stream } : {}),
});

/** Whether a debug line would be written (pino's check; a logger without it is asked to write). */
const debugOn = (log: FastifyBaseLogger): boolean =>
  (log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') ?? true;

/**
 * Per-request lines are `debug` (two synchronous lines per request halved a cheap route's rate at `info`);
 * errors stay at `error`. Every URL it writes is redacted. Each line names its request (`req.id`).
 */
export class RedactingLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (debugOn(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (debugOn(reply.log)) reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (debugOn(request.log)) request.log.debug({ req: request }, 'route not found');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else if (debugOn(reply.log)) reply.log.debug({ req: request, res: reply, err: error }, 'request refused');
  }
}

/**
 * Fastify's default gives every request a child logger bound to its id: a pino child per request, about a
 * tenth of a cheap route's time. Request lines carry the id in `req` instead, so every request shares the
 * app's logger.
 */
export const sharedRequestLogger = <L>(logger: L): L => logger;
