/**
 * 019 SMS's JSON API on the wire: the send and DLR-query requests, their answers, and the push forms.
 *
 * Documented (https://docs.019sms.co.il/sms, reports.html, push-api.html, errors-and-status.html):
 * - every call is `POST <apiUrl>` (https://019sms.co.il/api; /api/test is a dry run) with an API token
 *   (`Authorization: Bearer <token>`), XML or JSON; the root key names the operation (`sms`, `dlr`);
 * - send: `sms.user.username`, `sms.source` (the sender), `sms.destinations.phone[]`, `sms.message`; a phone's
 *   `id` attribute is our external id (the key of every later report);
 * - DLR query: `dlr.user.username`, `dlr.transactions.external_id[]` (≤ 1,000), `dlr.from` / `dlr.to` as
 *   `dd/mm/yy hh:mm`, at most one week apart;
 * - the answer's top-level `status` (0 = accepted, else an error code) and `message`; the DLR statuses of each
 *   transaction and the error codes (status-codes.ts);
 * - pushes (DLR, incoming SMS, blacklist) are `application/x-www-form-urlencoded` POSTs carrying "the same
 *   naming as the XML response", flattened; a non-200 answer is retried for a while, then pushing stops.
 *
 * Taken from TextMe's documentation of the same request family (docs.textme.co.il), where 019's is silent:
 * - the JSON form of an attribute (xml2js style): `{ "$": { "id": "<external id>" }, "_": "05…" }`;
 * - the send answer `{ status, message, shipment_id }` and the DLR answer's `transactions` entries carrying
 *   `external_id`, `status`, `date`, `he_message`, `en_message`; a pushed DLR has the same fields, one per post
 *   (parse019Dlr also reads several per post: `transactions[i][field]`, `field[i]` or repeated fields);
 * - 019's reports name a message by our external id only, so the adapter stores the outbox id as the provider
 *   message id (a send's `shipment_id` names the whole shipment).
 *
 * Assumed (neither documents it; the parsers read every variant below so a different real shape still parses):
 * - JSON answers may come flat (`{status, …}`) or under the operation's root key (`{sms: {status, …}}`);
 *   `transactions` may be an array, `{transaction: [...]}` or a single object;
 * - report dates are Israeli wall-clock time (`dd/mm/yyyy hh:mm[:ss]`, `dd/mm/yy hh:mm`, `yyyy-mm-dd hh:mm:ss`)
 *   or Unix seconds;
 * - an incoming-SMS push names the sender `phone` (or `from` / `source` / `sender`), the text `message` (or `text`
 *   / `content`), the time `date`, and maybe an id (`id` / `sms_id` / `incoming_id`).
 * - No unicode flag: 019 documents none; the text is sent as UTF-8 JSON and the gateway picks UCS-2 itself for
 *   Hebrew, Arabic and Russian (our part count uses smsSegmentsOf).
 */
import { jerusalemPartsOf, jerusalemWallToInstant } from '../../../platform/jerusalem-time.js';

export interface Sms019Credentials {
  apiUrl: string;
  username: string;
  token: string;
}

/** One destination in the send body: the local number and our external id. */
export interface Sms019Phone {
  $: { id: string };
  _: string;
}

export interface Sms019SendBody {
  sms: {
    user: { username: string };
    source: string;
    destinations: { phone: Sms019Phone[] };
    message: string;
  };
}

export interface Sms019DlrBody {
  dlr: {
    user: { username: string };
    transactions: { external_id: string[] };
    from: string;
    to: string;
  };
}

/** One transaction of a DLR answer (or one pushed DLR), as we read it. */
export interface Sms019Transaction {
  externalId: string | null;
  status: number;
  at: Date | null;
  shipmentId: string | null;
}

/** E.164 (+9725…) → 019's local form (05…); other countries keep their international digits (00…). Null: unusable. */
export const toLocal019Number = (e164: string): string | null => {
  const digits = e164.replace(/[^\d+]/g, '');
  if (/^\+972[1-9]\d{7,8}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^0[1-9]\d{7,8}$/.test(digits)) return digits;
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return `00${digits.slice(1)}`;
  return null;
};

/** A number as 019 reports it (05…, 5…, 9725…, +9725…, 00…) → E.164; null when it is none of those. */
export const e164Of019Number = (raw: string): string | null => {
  const digits = raw.trim().replace(/[\s\-().]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits;
  if (/^00[1-9]\d{6,14}$/.test(digits)) return `+${digits.slice(2)}`;
  if (/^0[1-9]\d{7,8}$/.test(digits)) return `+972${digits.slice(1)}`;
  if (/^5\d{8}$/.test(digits)) return `+972${digits}`;
  if (/^972[1-9]\d{7,8}$/.test(digits)) return `+${digits}`;
  return null;
};

export const buildSendBody = (options: { username: string; source: string; to: string; externalId: string; message: string }): Sms019SendBody => ({
  sms: {
    user: { username: options.username },
    source: options.source,
    destinations: { phone: [{ $: { id: options.externalId }, _: options.to }] },
    message: options.message,
  },
});

// ── Israeli wall-clock time (platform/jerusalem-time.ts) ──────────────────────
/** `dd/mm/yy hh:mm` in Israel (the DLR query's window). */
export const format019Date = (at: Date): string => {
  const p = jerusalemPartsOf(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${two(p.year % 100)} ${two(p.hour)}:${two(p.minute)}`;
};

/**
 * An Israeli wall-clock reading → the instant. A reading inside the spring-forward hour (which no clock showed) is
 * read as winter time (UTC+2), as the provider's clock would have stamped it a moment before the change.
 */
export const fromIsraeliWallClock = (year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null => {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  return jerusalemWallToInstant(year, month, day, hour, minute, second) ?? new Date(asUtc - 2 * 3_600_000);
};

/** A report's date in any of the forms above; null when unreadable. */
export const parse019Date = (raw: string | undefined | null): Date | null => {
  if (!raw) return null;
  const value = raw.trim();
  if (/^\d{9,10}$/.test(value)) return new Date(Number(value) * 1000);
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match) {
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return validDate(year, Number(match[2]), Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6] ?? 0));
  }
  match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6] ?? 0));
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  return null;
};

const validDate = (year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null => {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  return fromIsraeliWallClock(year, month, day, hour, minute, second);
};

/** The DLR query's window: 019 allows one week; it ends a little ahead of now (clock drift). */
export const dlrWindow = (now: Date): { from: string; to: string } => {
  const to = new Date(now.getTime() + 60 * 60_000);
  const from = new Date(to.getTime() - 7 * 86_400_000 + 60_000);
  return { from: format019Date(from), to: format019Date(to) };
};

export const buildDlrBody = (options: { username: string; externalIds: string[]; now: Date }): Sms019DlrBody => ({
  dlr: { user: { username: options.username }, transactions: { external_id: options.externalIds }, ...dlrWindow(options.now) },
});

// ── Reading answers ───────────────────────────────────────────────────────────
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value that may be an xml2js leaf (`"x"`, `["x"]`, `{ _: "x" }`) → its text. */
export const leafText = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.length === 1 ? leafText(value[0]) : null;
  if (isRecord(value) && '_' in value) return leafText(value._);
  return null;
};

const intOf = (value: unknown): number | null => {
  const text = leafText(value);
  if (text === null || !/^\s*-?\d+\s*$/.test(text)) return null;
  return Number(text);
};

/** The answer's object: flat, or under the operation's root key. */
const answerObject = (body: unknown, root: string): Record<string, unknown> | null => {
  if (!isRecord(body)) return null;
  if (isRecord(body[root]) && 'status' in (body[root] as Record<string, unknown>)) return body[root] as Record<string, unknown>;
  return body;
};

/** The top-level `status`, `message` and (send) `shipment_id`; status null when the answer has none. */
export const readAnswer = (body: unknown, root: 'sms' | 'dlr'): { status: number | null; message: string | null; shipmentId: string | null } => {
  const answer = answerObject(body, root);
  if (!answer) return { status: null, message: null, shipmentId: null };
  return { status: intOf(answer.status), message: leafText(answer.message), shipmentId: leafText(answer.shipment_id) };
};

/** A DLR answer's transactions (array, `{transaction: [...]}`, or one object). */
export const readTransactions = (body: unknown): Sms019Transaction[] => {
  const answer = answerObject(body, 'dlr');
  if (!answer) return [];
  let list: unknown = answer.transactions;
  if (isRecord(list) && 'transaction' in list) list = list.transaction;
  const items = Array.isArray(list) ? list : isRecord(list) ? [list] : [];
  const read: Sms019Transaction[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const status = intOf(item.status);
    if (status === null) continue;
    read.push({
      externalId: leafText(item.external_id) ?? leafText(item.id),
      status,
      at: parse019Date(leafText(item.date)),
      shipmentId: leafText(item.shipment_id),
    });
  }
  return read;
};
