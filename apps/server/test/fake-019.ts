import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { e164Of019Number, format019Date, parse019Date, toLocal019Number } from '../src/providers/messaging/sms019/client.js';

/**
 * A local 019 SMS speaking its JSON API (see the comment atop src/providers/messaging/sms019/client.ts for what is
 * documented and what is assumed): `POST /api` with `Authorization: Bearer <token>`, the operation as the root key —
 * `sms` (send: answers `{status, message, shipment_id}`) and `dlr` (delivery reports by external id, answered from
 * its records) — plus the push forms 019 would post to us (DLR and incoming SMS, x-www-form-urlencoded).
 */
export interface FakeSms {
  /** Our external id (the outbox id). */
  outboxId: string;
  shipmentId: string;
  /** The destination as sent (local form, 05…). */
  to: string;
  source: string;
  message: string;
  /** The DLR status the DLR query answers (-1 until set). */
  status: number;
  statusAt: Date;
  /** The request body as received. */
  body: unknown;
}

/**
 * A request status code; `http<n>`: an HTTP error (e.g. a proxy's 502) before anything was taken; `taken-http<n>`:
 * the message was taken, then the answer is that HTTP error; 'timeout' (taken, never answered); 'hang' (nothing
 * taken, never answered); 'notJson'.
 */
export type Fake019Fault = number | `http${number}` | `taken-http${number}` | 'timeout' | 'hang' | 'notJson';

export interface Fake019Options {
  token?: string;
  username?: string;
  /** Local numbers (05…) on the account's blocklist: a send to them answers status 8. */
  blocklist?: string[];
}

export interface Fake019DlrQuery {
  externalIds: string[];
  from: string;
  to: string;
}

const HE_MESSAGES: Record<number, string> = { [-1]: 'נשלח -ללא אישור מסירה', 0: 'הגיע ליעד', 102: 'הגיע ליעד', 15: 'מספר כשר', 16: 'אין הרשאת שעת שליחה', 17: 'חסום להודעות פירסומיות', 201: 'נחסם לפי בקשה' };
const EN_MESSAGES: Record<number, string> = { [-1]: 'Sent, no delivery confirmation', 0: 'Delivered', 102: 'Delivered', 15: 'Kosher number', 16: 'No permission for the sending hour', 17: 'Blocked for advertising', 201: 'Blocked on request' };
const DATE_019 = /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `dd/mm/yyyy hh:mm:ss` Israeli time, as a pushed report carries it (assumed form). */
const pushDate = (at: Date): string => {
  const [date, time] = format019Date(at).split(' ');
  const [d, m, y] = date!.split('/');
  const seconds = String(new Date(at).getUTCSeconds()).padStart(2, '0');
  return `${d}/${m}/20${y} ${time}:${seconds}`;
};

export const startFake019 = async (options: Fake019Options = {}) => {
  const token = options.token ?? 'fake-019-token';
  const username = options.username ?? 'magiim';
  const blocklist = new Set(options.blocklist ?? []);
  const sent: FakeSms[] = [];
  const dlrQueries: Fake019DlrQuery[] = [];
  const faults: { op: 'sms' | 'dlr'; fault: Fake019Fault }[] = [];
  const hanging = new Set<ServerResponse>();
  let shipmentSeq = 7_000_000;
  let requests = 0;

  const answer = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  /** What a proxy in front answers: an HTML page, no JSON. */
  const htmlError = (res: ServerResponse, status: number) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body><h1>${status}</h1></body></html>`);
  };

  const takeFault = (op: 'sms' | 'dlr'): Fake019Fault | null => {
    const index = faults.findIndex((f) => f.op === op);
    if (index < 0) return null;
    return faults.splice(index, 1)[0]!.fault;
  };

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const find = (idOrOutboxId: string) => sent.find((s) => s.outboxId === idOrOutboxId || s.shipmentId === idOrOutboxId);

  const handleSend = (res: ServerResponse, body: Record<string, unknown>, sms: unknown, fault: Fake019Fault | null) => {
    if (!isRecord(sms) || !isRecord(sms.user) || typeof sms.user.username !== 'string') return answer(res, { status: 2, message: 'user is missing' });
    if (sms.user.username !== username) return answer(res, { status: 11, message: "API token is valid but doesn't match username" });
    if (typeof sms.source !== 'string' || sms.source === '') return answer(res, { status: 2, message: 'source is missing' });
    if (typeof sms.message !== 'string' || sms.message === '') return answer(res, { status: 2, message: 'message is missing' });
    const phones = isRecord(sms.destinations) ? sms.destinations.phone : undefined;
    const list = Array.isArray(phones) ? phones : phones === undefined ? [] : [phones];
    if (list.length === 0) return answer(res, { status: 2, message: 'destinations is missing' });
    const destinations: { to: string; id: string }[] = [];
    for (const phone of list) {
      const to = typeof phone === 'string' ? phone : isRecord(phone) && typeof phone._ === 'string' ? phone._ : null;
      const id = isRecord(phone) && isRecord(phone.$) && typeof phone.$.id === 'string' ? phone.$.id : '';
      // 019 documents Israeli numbers only: an international one (00…) is refused like a malformed one.
      if (!to || !/^0[1-9]\d{7,8}$/.test(to)) return answer(res, { status: 9, message: 'At least one of the destinations is too short or too long' });
      destinations.push({ to, id });
    }
    const allowed = destinations.filter((d) => !blocklist.has(d.to));
    if (allowed.length === 0) return answer(res, { status: 8, message: 'All numbers are on a blocked list' });
    const shipmentId = String((shipmentSeq += 1));
    for (const d of allowed) sent.push({ outboxId: d.id, shipmentId, to: d.to, source: sms.source, message: sms.message, status: -1, statusAt: new Date(), body });
    if (fault === 'timeout') {
      hanging.add(res); // taken, but the answer never comes
      return;
    }
    const takenThenHttp = typeof fault === 'string' ? /^taken-http(\d{3})$/.exec(fault) : null;
    if (takenThenHttp) return htmlError(res, Number(takenThenHttp[1]));
    answer(res, { status: 0, message: 'SMS will be sent', shipment_id: shipmentId });
  };

  const handleDlr = (res: ServerResponse, dlr: unknown) => {
    if (!isRecord(dlr) || !isRecord(dlr.user) || dlr.user.username !== username) return answer(res, { status: 11, message: "API token is valid but doesn't match username" });
    const transactions = isRecord(dlr.transactions) ? dlr.transactions.external_id : undefined;
    const ids = (Array.isArray(transactions) ? transactions : [transactions]).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0 || ids.length > 1000) return answer(res, { status: 2, message: 'transactions' });
    const from = typeof dlr.from === 'string' && DATE_019.test(dlr.from) ? parse019Date(dlr.from) : null;
    const to = typeof dlr.to === 'string' && DATE_019.test(dlr.to) ? parse019Date(dlr.to) : null;
    if (!from || !to || to < from || to.getTime() - from.getTime() > 7 * 86_400_000) return answer(res, { status: 2, message: 'from / to (dd/mm/yy hh:mm, at most one week)' });
    dlrQueries.push({ externalIds: ids, from: dlr.from as string, to: dlr.to as string });
    const wanted = new Set(ids);
    answer(res, {
      status: 0,
      message: 'ok',
      transactions: sent
        .filter((s) => wanted.has(s.outboxId))
        .map((s) => ({
          external_id: s.outboxId,
          shipment_id: s.shipmentId,
          phone: s.to,
          status: s.status,
          date: pushDate(s.statusAt),
          he_message: HE_MESSAGES[s.status] ?? 'לא הגיע ליעד',
          en_message: EN_MESSAGES[s.status] ?? 'Not delivered',
        })),
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      requests += 1;
      const text = await readBody(req);
      if (req.method !== 'POST' || !['/api', '/api/test'].includes((req.url ?? '').split('?')[0]!)) return answer(res, { status: 404 }, 404);
      if (req.headers.authorization !== `Bearer ${token}`) return answer(res, { status: 3, message: 'Username or password is incorrect and API token is invalid' });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return answer(res, { status: 1, message: 'There was a problem parsing your XML' });
      }
      if (!isRecord(body)) return answer(res, { status: 1, message: 'There was a problem parsing your XML' });
      const op = 'sms' in body ? 'sms' : 'dlr' in body ? 'dlr' : null;
      if (!op) return answer(res, { status: 2, message: 'unknown operation' });
      const fault = takeFault(op);
      const http = typeof fault === 'string' ? /^http(\d{3})$/.exec(fault) : null;
      if (http) return htmlError(res, Number(http[1]));
      if (fault === 'hang' || (fault === 'timeout' && op === 'dlr')) {
        hanging.add(res); // not taken, no answer
        return;
      }
      if (fault === 'notJson') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway</html>');
      }
      if (typeof fault === 'number') return answer(res, { status: fault, message: `fault ${fault}` });
      if (op === 'sms') return handleSend(res, body, body.sms, fault);
      return handleDlr(res, body.dlr);
    })().catch(() => {
      if (!res.headersSent) answer(res, { status: 6, message: 'Process failure' }, 500);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    token,
    username,
    sent,
    dlrQueries,
    get requests() {
      return requests;
    },
    /** The next `n` calls of that operation fail: a request status code, an HTTP error (`http502`; `taken-http502`: after
     * taking the send), a body that is not JSON, or no answer ('timeout': a send is taken but never answered; 'hang':
     * nothing is taken or answered). */
    failNext(n: number, fault: Fake019Fault, op: 'sms' | 'dlr' = 'sms') {
      for (let i = 0; i < n; i += 1) faults.push({ op, fault });
    },
    /** The DLR status the query answers for a message (by our outbox id or 019's shipment id). */
    setStatus(idOrOutboxId: string, status: number, at: Date = new Date()) {
      const sms = find(idOrOutboxId);
      if (!sms) throw new Error(`fake 019: no message ${idOrOutboxId}`);
      sms.status = status;
      sms.statusAt = at;
    },
    /** The form 019 would push for a message's report (its current status unless given). */
    dlrForm(idOrOutboxId: string, status?: number): Record<string, string> {
      const sms = find(idOrOutboxId);
      const code = status ?? sms?.status ?? -1;
      return {
        external_id: sms?.outboxId ?? idOrOutboxId,
        shipment_id: sms?.shipmentId ?? '',
        phone: sms?.to ?? '',
        status: String(code),
        date: pushDate(sms?.statusAt ?? new Date()),
        he_message: HE_MESSAGES[code] ?? 'לא הגיע ליעד',
        en_message: EN_MESSAGES[code] ?? 'Not delivered',
      };
    },
    /** The form 019 would push for a guest's SMS to our number (`from` in E.164 or local form). */
    inboundForm(from: string, text: string, extra: { at?: Date; id?: string; destination?: string } = {}): Record<string, string> {
      const local = toLocal019Number(e164Of019Number(from) ?? from) ?? from;
      return {
        phone: local,
        message: text,
        date: pushDate(extra.at ?? new Date()),
        destination: extra.destination ?? '0559990000',
        ...(extra.id ? { id: extra.id } : {}),
      };
    },
    /** Posts a push form the way 019 does (x-www-form-urlencoded); answers the HTTP status. */
    async push(url: string, form: Record<string, string>): Promise<number> {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      await response.body?.cancel();
      return response.status;
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type Fake019 = Awaited<ReturnType<typeof startFake019>>;
