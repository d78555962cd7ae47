import type { WhatsAppConfig } from '../../../platform/env.js';

export type CloudConfig = Extract<WhatsAppConfig, { provider: 'whatsapp-cloud' }>;

/** What Meta's Graph API said: the HTTP status and its JSON (null when the body was not JSON). */
export interface GraphAnswer {
  status: number;
  json: unknown;
}

/** Meta's error object (`{error: {code, error_subcode, message}}`) of an answer, when it has one. */
export interface GraphError {
  code: number | null;
  subcode: number | null;
  message: string;
}

/**
 * The call never reached Meta (`connectFailed`: refused, no such host: safe to repeat), or it was cut off after
 * the request went out (timeout, reset): Meta may have acted on it.
 */
export class GraphNetworkError extends Error {
  readonly connectFailed: boolean;
  constructor(message: string, connectFailed: boolean) {
    super(message);
    this.name = 'GraphNetworkError';
    this.connectFailed = connectFailed;
  }
}

/** A Graph answer that was not 2xx, kept with Meta's code (never with the request's token or body). */
export class WhatsAppApiError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly subcode: number | null;
  constructor(what: string, status: number, error: GraphError | null) {
    super(`${what}: Meta answered ${status}${error?.code != null ? ` (code ${error.code}${error.subcode != null ? `/${error.subcode}` : ''})` : ''}${error?.message ? `: ${error.message}` : ''}`);
    this.name = 'WhatsAppApiError';
    this.status = status;
    this.code = error?.code ?? null;
    this.subcode = error?.subcode ?? null;
  }
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

const causeCode = (error: unknown): string | null => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
};

export const graphErrorOf = (json: unknown): GraphError | null => {
  if (!json || typeof json !== 'object') return null;
  const error = (json as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return null;
  const { code, error_subcode: subcode, message } = error as Record<string, unknown>;
  return {
    code: typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : null,
    subcode: typeof subcode === 'number' ? subcode : null,
    message: typeof message === 'string' ? message.slice(0, 300) : '',
  };
};

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** After the version: `/123/messages`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  bytes?: { data: Buffer; headers: Record<string, string> };
  /** `Bearer` (default) or `OAuth` (the Resumable Upload API's second step). */
  authScheme?: 'Bearer' | 'OAuth';
}

/** One Graph API call with the account's token and a deadline. */
export const createGraphClient = (config: CloudConfig, timeoutMs: number) => {
  const base = `${config.apiUrl}/${config.apiVersion}`;
  return async (request: GraphRequest): Promise<GraphAnswer> => {
    const url = new URL(`${base}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { authorization: `${request.authScheme ?? 'Bearer'} ${config.accessToken}` };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.bytes) {
      Object.assign(headers, request.bytes.headers);
      body = new Uint8Array(request.bytes.data);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const code = causeCode(error);
      const name = error instanceof Error ? error.name : '';
      const connectFailed = code !== null && CONNECT_FAILURES.has(code);
      throw new GraphNetworkError(
        `${request.method} ${url.pathname}: ${name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (code ?? 'connection failed')}`,
        connectFailed,
      );
    }
    let json: unknown;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json };
  };
};

export type GraphClient = ReturnType<typeof createGraphClient>;
