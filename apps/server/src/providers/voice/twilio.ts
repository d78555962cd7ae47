import type { FastifyBaseLogger } from 'fastify';
import { API, API_BASE } from '@magiim/shared';
import { PROVIDER_CALL_STATUSES, VoiceCallError, type CallStatusReport, type PlaceCallRequest, type ProviderCallStatus, type VoiceCallProvider } from './index.js';

export interface TwilioVoiceSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Our public origin (config.appUrl): Twilio fetches TwiML and posts statuses there. */
  appUrl: string;
  /** Tests: a shorter request timeout than TWILIO_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

/** How long one REST request may take; a placeCall that times out after sending has an unknown outcome. */
export const TWILIO_REQUEST_TIMEOUT_MS = 15_000;
/** Seconds the call rings before Twilio gives up (no-answer). */
export const TWILIO_RING_TIMEOUT_SECONDS = 30;
/** Clock slack when matching Twilio's creation time against our placedAt (findCalls). */
const FIND_SLACK_MS = 2_000;

/** Twilio's error codes that mean this number can never be called as asked (a bad or unreachable To). */
const PERMANENT_CODES = new Set([13223, 13224, 13225, 13226, 13227, 21210, 21211, 21212, 21213, 21214, 21215, 21216, 21217, 21218, 21219, 21401, 21407, 21408, 21610]);
/** Errors raised before anything left this machine: nothing was placed. */
const NOT_SENT_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The public URLs of an attempt's TwiML and status callback. */
export const twimlUrlOf = (appUrl: string, attemptId: string) => `${appUrl}${API_BASE}${API.webhooks.voiceTwiml(attemptId)}`;
export const statusUrlOf = (appUrl: string, attemptId: string) => `${appUrl}${API_BASE}${API.webhooks.voiceStatus(attemptId)}`;

export const answeredByOf = (value: string | null | undefined): CallStatusReport['answeredBy'] => {
  if (!value) return null;
  if (value === 'human') return 'human';
  if (value === 'unknown') return 'unknown';
  if (value.startsWith('machine') || value === 'fax') return 'machine';
  return 'unknown';
};

export const isProviderCallStatus = (value: unknown): value is ProviderCallStatus =>
  typeof value === 'string' && (PROVIDER_CALL_STATUSES as readonly string[]).includes(value);

const intOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

const dateOr = (value: unknown, fallback: Date): Date => {
  if (typeof value !== 'string' || !value) return fallback;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? fallback : at;
};

/** A status callback's form fields (CallSid, CallStatus, AnsweredBy, CallDuration, Timestamp, SequenceNumber) as a report; null when unusable. */
export const reportOfCallback = (params: Map<string, string>, now = new Date()): CallStatusReport | null => {
  const sid = params.get('CallSid');
  const status = params.get('CallStatus');
  if (!sid || sid.length > 64 || !isProviderCallStatus(status)) return null;
  return {
    providerCallId: sid,
    status,
    answeredBy: answeredByOf(params.get('AnsweredBy')),
    durationSeconds: intOrNull(params.get('CallDuration')),
    at: dateOr(params.get('Timestamp'), now),
    sequence: intOrNull(params.get('SequenceNumber')),
  };
};

interface TwilioCallResource {
  sid: string;
  status: string;
  to?: string;
  answered_by?: string | null;
  duration?: string | null;
  date_created?: string | null;
  date_updated?: string | null;
  start_time?: string | null;
}

const reportOfResource = (call: TwilioCallResource): CallStatusReport => ({
  providerCallId: call.sid,
  status: isProviderCallStatus(call.status) ? call.status : 'failed',
  answeredBy: answeredByOf(call.answered_by),
  durationSeconds: intOrNull(call.duration),
  at: dateOr(call.date_updated ?? undefined, new Date()),
  sequence: null,
});

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

/** Twilio Programmable Voice over its REST API (fetch, Basic auth); no SDK. */
export const createTwilioVoiceProvider = (settings: TwilioVoiceSettings, logger: FastifyBaseLogger): VoiceCallProvider => {
  const base = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;

  /** One REST request; throws VoiceCallError (permanent for Twilio's number errors, outcomeUnknown when it may have been taken). */
  const call = async (method: 'GET' | 'POST', path: string, form?: URLSearchParams, { mayHaveTakenEffect = false } = {}): Promise<{ status: number; body: unknown }> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(settings.requestTimeoutMs ?? TWILIO_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const code = causeCode(error);
      const blockedPort = (error as { cause?: { message?: unknown } }).cause?.message === 'bad port';
      if ((code && NOT_SENT_CAUSES.has(code)) || blockedPort) throw new VoiceCallError(`Twilio unreachable (${code ?? 'bad port'})`, { code: 'network' });
      const timedOut = (error as { name?: string }).name === 'TimeoutError';
      throw new VoiceCallError(timedOut ? 'Twilio did not answer in time' : `Twilio request failed (${code ?? 'network'})`, {
        code: timedOut ? 'timeout' : 'network',
        outcomeUnknown: mayHaveTakenEffect,
      });
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok) return { status: res.status, body };
    const twilioCode = typeof (body as { code?: unknown } | null)?.code === 'number' ? (body as { code: number }).code : undefined;
    const message = typeof (body as { message?: unknown } | null)?.message === 'string' ? (body as { message: string }).message : `HTTP ${res.status}`;
    if (res.status === 404 && method === 'GET') return { status: 404, body: null };
    if (res.status >= 500) throw new VoiceCallError(`Twilio ${res.status}: ${message}`, { code: `http${res.status}`, outcomeUnknown: mayHaveTakenEffect && res.status !== 503 });
    if (res.status === 429) throw new VoiceCallError('Twilio rate limit', { code: 'rateLimited' });
    if (res.status === 401 || res.status === 403) throw new VoiceCallError(`Twilio refused our credentials (${res.status})`, { code: 'auth' });
    const permanent = twilioCode !== undefined ? PERMANENT_CODES.has(twilioCode) || res.status === 400 : res.status === 400 || res.status === 422;
    throw new VoiceCallError(`Twilio ${res.status}${twilioCode ? ` ${twilioCode}` : ''}: ${message}`, { code: twilioCode ? String(twilioCode) : `http${res.status}`, permanent });
  };

  return {
    name: 'twilio',

    async placeCall(request: PlaceCallRequest) {
      const form = new URLSearchParams();
      form.set('To', request.to);
      form.set('From', settings.fromNumber);
      form.set('Url', `${twimlUrlOf(settings.appUrl, request.attemptId)}?event=start`);
      form.set('Method', 'POST');
      form.set('StatusCallback', statusUrlOf(settings.appUrl, request.attemptId));
      form.set('StatusCallbackMethod', 'POST');
      for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
      form.set('MachineDetection', 'Enable');
      form.set('Timeout', String(TWILIO_RING_TIMEOUT_SECONDS));
      const { body } = await call('POST', '/Calls.json', form, { mayHaveTakenEffect: true });
      const sid = (body as { sid?: unknown } | null)?.sid;
      if (typeof sid !== 'string' || !sid) throw new VoiceCallError('Twilio answered without a call sid', { code: 'badResponse', outcomeUnknown: true });
      logger.debug({ attemptId: request.attemptId, providerCallId: sid }, 'twilio call placed');
      return { providerCallId: sid };
    },

    async getCall(providerCallId) {
      const { status, body } = await call('GET', `/Calls/${encodeURIComponent(providerCallId)}.json`);
      if (status === 404 || !body) return null;
      return reportOfResource(body as TwilioCallResource);
    },

    async findCalls(to, since) {
      // Twilio's filter `StartTime>=YYYY-MM-DD` is the parameter `StartTime>` (URL-encoded `StartTime%3E`) = the day.
      const query = new URLSearchParams({ To: to, 'StartTime>': since.toISOString().slice(0, 10), PageSize: '50' });
      const { body } = await call('GET', `/Calls.json?${query.toString()}`);
      const calls = ((body as { calls?: unknown } | null)?.calls ?? []) as TwilioCallResource[];
      const floor = since.getTime() - FIND_SLACK_MS;
      return calls
        .filter((c) => c && typeof c.sid === 'string' && (!c.to || c.to === to))
        .filter((c) => {
          const created = new Date(c.date_created ?? c.start_time ?? '').getTime();
          return Number.isNaN(created) || created >= floor;
        })
        .sort((a, b) => new Date(b.date_created ?? 0).getTime() - new Date(a.date_created ?? 0).getTime())
        .map(reportOfResource);
    },

    async hangUp(providerCallId) {
      const form = new URLSearchParams({ Status: 'completed' });
      try {
        await call('POST', `/Calls/${encodeURIComponent(providerCallId)}.json`, form);
      } catch (error) {
        // A call already over answers 400/404 (21220 "call is not in-progress"): nothing to end.
        if (error instanceof VoiceCallError && (error.permanent || /^(21220|20404|http404)$/.test(error.code))) return;
        throw error;
      }
    },
  };
};
