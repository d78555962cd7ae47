import { createHash, timingSafeEqual } from 'node:crypto';
import type { SmsConfig } from '../../../platform/env.js';
import { MessageSendError, type DeliveryReport, type InboundReply, type TextChannelProvider } from '../index.js';
import {
  buildDlrBody,
  buildSendBody,
  e164Of019Number,
  parse019Date,
  readAnswer,
  readTransactions,
  toLocal019Number,
  type Sms019Transaction,
} from './client.js';
import { dlrOutcomeOf, sendRefusalOf, SMS_FAILURE_REASONS, type DlrOutcome } from './status-codes.js';

export { SMS_FAILURE_REASONS, dlrOutcomeOf, sendRefusalOf } from './status-codes.js';

/** What only the 019 adapter has: the push URLs' secret check. */
export interface SmsGatewayControls {
  /** The secret path segment of /api/webhooks/sms/<secret>/…, compared in constant time. */
  verifyPathSecret(secret: string): boolean;
}

/** A delivery report push: which message (our reference and/or 019's id) and what it says (a hint to confirm by query). */
export interface SmsReportHint {
  /** Identifies the report for replays (message + status). */
  key: string;
  outboxId: string | null;
  providerMessageId: string | null;
  report: DeliveryReport | null;
}

export interface Sms019Options {
  /** A call that has not answered within this is cut (a send: outcome unknown). Default 15 s. */
  timeoutMs?: number;
  now?: () => Date;
}

const SMS_CHANNEL = 1 as const;
/** The longest text 019's `message` takes (TextMe documents 1,005 for the same API family), in characters. */
export const SMS019_MAX_CHARS = 1005;
/** 019 takes at most 1,000 external ids per DLR query. */
const DLR_BATCH = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Connection errors raised before anything was written: the gateway cannot have taken the message. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** An Israeli numeric sender (+972… / 972…) is written the local way, like destinations; a name or 05… goes as it is. */
const sourceOf = (sender: string): string => (/^\+?972[1-9]\d{7,8}$/.test(sender) ? (toLocal019Number(sender.startsWith('+') ? sender : `+${sender}`) ?? sender) : sender);

/** The reason our host sees for a MessageSendError code this adapter threw (`sms019:9` → invalidNumber); null: none. */
export const smsReasonOfSendCode = (code: string): string | null => {
  if (code === `sms019:${SMS_FAILURE_REASONS.invalidNumber}`) return SMS_FAILURE_REASONS.invalidNumber;
  if (code === SMS_FAILURE_REASONS.internationalNumber || code === SMS_FAILURE_REASONS.tooLong) return code;
  const match = /^sms019:(\d+)$/.exec(code);
  return match ? sendRefusalOf(Number(match[1])).reason : null;
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

const errorCodeOf = (error: unknown): string | null => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : null;
};

/**
 * 019 SMS's JSON API (send, DLR query); tests point it at test/fake-019.ts. The external id of each message is our
 * outbox id, and 019's reports (pushed or queried) name messages by it alone, so it is also the provider message id
 * we store (the `shipment_id` of a send covers a shipment, not a message, and no report carries it reliably).
 */
export const createSms019Channel = (
  config: Extract<SmsConfig, { provider: '019' }>,
  options: Sms019Options = {},
): { channel: TextChannelProvider; controls: SmsGatewayControls } => {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());
  const secretDigest = digest(config.webhookSecret);
  const source = sourceOf(config.sender ?? '');

  /** One POST; network failures classified (never the token or the body in a message). */
  const call = async (body: unknown, purpose: 'send' | 'query'): Promise<{ status: number; json: unknown }> => {
    let response: Response;
    try {
      response = await fetch(config.apiUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = errorCodeOf(error);
      if (code && NOT_CONNECTED.has(code)) throw new MessageSendError(`019 unreachable (${code})`, { code: 'sms019:unreachable' });
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      // The request may have been written and taken: a send must not be repeated blindly.
      throw new MessageSendError(timedOut ? `019 did not answer within ${timeoutMs} ms` : `019 connection failed (${code ?? (error as Error).name})`, {
        code: timedOut ? 'sms019:timeout' : 'sms019:connection',
        outcomeUnknown: purpose === 'send',
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new MessageSendError('019 answer cut off', { code: 'sms019:connection', outcomeUnknown: purpose === 'send' });
    }
    if (!response.ok) {
      // 401 / 403: our token or the account (every message alike): tried again later, the operators alerted.
      // Anything else (a proxy's 502 / 504, a 5xx) may come after 019 took the message: a send is not repeated
      // blindly, the engine asks `lookup` first.
      const auth = response.status === 401 || response.status === 403;
      throw new MessageSendError(`019 answered HTTP ${response.status}`, {
        code: `sms019:http${response.status}`,
        accountWide: auth,
        outcomeUnknown: purpose === 'send' && !auth,
      });
    }
    try {
      return { status: response.status, json: JSON.parse(text) as unknown };
    } catch {
      throw new MessageSendError('019 answered something that is not JSON', { code: 'sms019:badAnswer', outcomeUnknown: purpose === 'send' });
    }
  };

  const queryTransactions = async (externalIds: string[]): Promise<Sms019Transaction[]> => {
    const found: Sms019Transaction[] = [];
    for (let i = 0; i < externalIds.length; i += DLR_BATCH) {
      const batch = externalIds.slice(i, i + DLR_BATCH);
      const { json } = await call(buildDlrBody({ username: config.username, externalIds: batch, now: now() }), 'query');
      const answer = readAnswer(json, 'dlr');
      if (answer.status !== 0) {
        throw new MessageSendError(`019 refused the DLR query (status ${answer.status ?? 'missing'})`, {
          code: `sms019:${answer.status ?? 'badAnswer'}`,
          accountWide: answer.status !== null && sendRefusalOf(answer.status).accountWide,
        });
      }
      const wanted = new Set(batch);
      found.push(...readTransactions(json).filter((t) => t.externalId !== null && wanted.has(t.externalId)));
    }
    return found;
  };

  const channel: TextChannelProvider = {
    channel: SMS_CHANNEL,
    name: '019',
    async send(message) {
      const to = toLocal019Number(message.to);
      if (!to) throw new MessageSendError('the number cannot be written in 019 form', { code: `sms019:${SMS_FAILURE_REASONS.invalidNumber}`, permanent: true });
      // 019 documents Israeli numbers only (a foreign one would go as 00…): refused here, the host sees why.
      if (to.startsWith('00')) throw new MessageSendError('019 sends to Israeli numbers only', { code: SMS_FAILURE_REASONS.internationalNumber, permanent: true });
      if (Array.from(message.text).length > SMS019_MAX_CHARS) {
        throw new MessageSendError(`the text is longer than ${SMS019_MAX_CHARS} characters`, { code: SMS_FAILURE_REASONS.tooLong, permanent: true });
      }
      const { json } = await call(buildSendBody({ username: config.username, source, to, externalId: message.outboxId, message: message.text }), 'send');
      const answer = readAnswer(json, 'sms');
      if (answer.status === null) throw new MessageSendError('019 answered without a status', { code: 'sms019:badAnswer', outcomeUnknown: true });
      if (answer.status !== 0) {
        const refusal = sendRefusalOf(answer.status);
        throw new MessageSendError(`019 refused the message (status ${answer.status})`, { code: refusal.code, permanent: refusal.permanent, accountWide: refusal.accountWide });
      }
      return { providerMessageId: message.outboxId };
    },
    async lookup(outboxId) {
      const found = await queryTransactions([outboxId]);
      return found.length > 0 ? { known: true, providerMessageId: outboxId } : { known: false };
    },
    async queryStatus(messages) {
      if (messages.length === 0) return [];
      const byId = new Map(messages.map((m) => [m.outboxId, m]));
      const latest = new Map<string, { transaction: Sms019Transaction; outcome: DlrOutcome }>();
      for (const transaction of await queryTransactions([...byId.keys()])) {
        const outcome = dlrOutcomeOf(transaction.status);
        if (!outcome) continue;
        const id = transaction.externalId!;
        const seen = latest.get(id);
        // Several rows for one message: a final one wins over `sent`, then the later one.
        const better =
          !seen ||
          (seen.outcome.state === 'sent' && outcome.state !== 'sent') ||
          ((seen.outcome.state === 'sent') === (outcome.state === 'sent') && (transaction.at?.getTime() ?? 0) >= (seen.transaction.at?.getTime() ?? 0));
        if (better) latest.set(id, { transaction, outcome });
      }
      const reports: DeliveryReport[] = [];
      for (const [id, { transaction, outcome }] of latest) {
        if (outcome.state === 'sent') continue; // no outcome yet
        const message = byId.get(id)!;
        reports.push({
          channel: SMS_CHANNEL,
          providerMessageId: message.providerMessageId,
          state: outcome.state,
          reason: outcome.state === 'failed' ? outcome.reason : null,
          at: transaction.at ?? now(),
          outboxId: id,
        });
      }
      return reports;
    },
  };

  const controls: SmsGatewayControls = {
    verifyPathSecret: (secret) => typeof secret === 'string' && secret.length > 0 && timingSafeEqual(digest(secret), secretDigest),
  };
  return { channel, controls };
};

/**
 * Several reports in one post: `transactions[0][status]` / `status[0]` fields, or repeated fields a form parser
 * hands over as arrays — one record per index; otherwise the form itself. At most 1,000 records.
 */
const formRecords = (form: Record<string, string>): Record<string, string>[] => {
  const indexed = new Map<string, Record<string, string>>();
  const put = (index: string, field: string, value: unknown) => {
    if (typeof value !== 'string' || (!indexed.has(index) && indexed.size >= 1000)) return;
    const record = indexed.get(index) ?? {};
    record[field] = value;
    indexed.set(index, record);
  };
  for (const [key, value] of Object.entries(form as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      value.forEach((item, i) => put(String(i), key, item));
      continue;
    }
    const nested = /^[A-Za-z_]*\[(\d{1,4})\]\[([A-Za-z_]+)\]$/.exec(key);
    const flat = nested ? null : /^([A-Za-z_]+)\[(\d{1,4})\]$/.exec(key);
    if (nested) put(nested[1]!, nested[2]!, value);
    else if (flat) put(flat[2]!, flat[1]!, value);
  }
  if (indexed.size === 0) return [form];
  // Plain fields shared by every record (e.g. one `date` for the batch) fill the gaps.
  const shared = Object.fromEntries(Object.entries(form as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && !e[0].includes('[')));
  return [...indexed.values()].map((record) => ({ ...shared, ...record }));
};

const first = (record: Record<string, string>, names: string[]): string | null => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
};

/** A report for our row built from 019's DLR status (channel 1). */
export const reportOf019Status = (outboxId: string, status: number, at: Date): DeliveryReport | null => {
  const outcome = dlrOutcomeOf(status);
  if (!outcome) return null;
  return { channel: SMS_CHANNEL, providerMessageId: outboxId, state: outcome.state, reason: outcome.state === 'failed' ? outcome.reason : null, at, outboxId };
};

/** A DLR push (form fields as 019 posts them) → hints; unknown fields are ignored. */
export const parse019Dlr = (form: Record<string, string>): SmsReportHint[] => {
  try {
    if (typeof form !== 'object' || form === null) return [];
    const hints: SmsReportHint[] = [];
    for (const record of formRecords(form)) {
      const externalId = first(record, ['external_id', 'externalId', 'id']);
      const statusText = first(record, ['status', 'dlr_status']);
      if (!externalId || !statusText || !/^-?\d{1,4}$/.test(statusText) || externalId.length > 200) continue;
      // Ours are outbox ids (UUIDs); anything else was sent by someone else on the account.
      if (!UUID.test(externalId)) continue;
      const outboxId = externalId.toLowerCase();
      const status = Number(statusText);
      hints.push({
        key: `${outboxId}:${status}`,
        outboxId,
        providerMessageId: outboxId,
        report: reportOf019Status(outboxId, status, parse019Date(first(record, ['date', 'dlr_date', 'time'])) ?? new Date()),
      });
    }
    return hints;
  } catch {
    return [];
  }
};

/** An inbound SMS push (the guest's reply) → the reply; `key` identifies it for replays. */
export const parse019Inbound = (form: Record<string, string>): { key: string; reply: InboundReply }[] => {
  try {
    if (typeof form !== 'object' || form === null) return [];
    const replies: { key: string; reply: InboundReply }[] = [];
    for (const record of formRecords(form)) {
      const phone = first(record, ['phone', 'from', 'source', 'sender', 'msisdn']);
      const text = record.message ?? record.text ?? record.content ?? record.body;
      if (!phone || typeof text !== 'string' || text.trim() === '') continue;
      const from = e164Of019Number(phone);
      if (!from) continue;
      const rawDate = first(record, ['date', 'time', 'received']);
      const id = first(record, ['id', 'sms_id', 'incoming_id', 'message_id']);
      // Without 019's id, the sender + time + text name the message (TextMe: key on phone + date).
      const key = id && id.length <= 100 ? `in:${id}` : `in:${createHash('sha256').update(`${from}|${rawDate ?? ''}|${text}`).digest('hex').slice(0, 40)}`;
      replies.push({
        key,
        reply: { channel: SMS_CHANNEL, from, text: text.slice(0, 2000), at: parse019Date(rawDate) ?? new Date(), providerMessageId: key },
      });
    }
    return replies;
  } catch {
    return [];
  }
};

/**
 * A blacklist push (a number 019 blocked on the recipient's request, e.g. its "reply to remove" service) → the
 * phone to opt out. Field names assumed like the others (`phone`, `date`); `key` identifies it for replays.
 */
export const parse019Blacklist = (form: Record<string, string>): { key: string; phone: string; at: Date }[] => {
  try {
    if (typeof form !== 'object' || form === null) return [];
    const blocked: { key: string; phone: string; at: Date }[] = [];
    for (const record of formRecords(form)) {
      const raw = first(record, ['phone', 'number', 'msisdn']);
      const phone = raw ? e164Of019Number(raw) : null;
      if (!phone) continue;
      const rawDate = first(record, ['date', 'time']);
      const key = `bl:${createHash('sha256').update(`${phone}|${rawDate ?? ''}`).digest('hex').slice(0, 40)}`;
      blocked.push({ key, phone, at: parse019Date(rawDate) ?? new Date() });
    }
    return blocked;
  } catch {
    return [];
  }
};
