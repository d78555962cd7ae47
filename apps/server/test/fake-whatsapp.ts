import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WhatsAppConfig } from '../src/platform/env.js';

/**
 * A local fake of Meta's WhatsApp Cloud API (Graph API), for the adapter's tests and the fault runs.
 *
 * Speaks (after `/{apiVersion}`, every call needs `Authorization: Bearer <accessToken>`, else 401 code 190):
 * - `POST /{phoneNumberId}/messages`: template, text and interactive messages → `{messages:[{id:'wamid.…'}]}`;
 *   recorded in `sent` (templates) or `session` (text / interactive), with `outboxId` = biz_opaque_callback_data.
 * - `POST /{wabaId}/message_templates` (created PENDING; review by `approve` / `reject` / `pause`, or at once with
 *   `review: 'approve'`), `GET /{wabaId}/message_templates?name=` (a part of the name matches, like Meta),
 *   `GET /{templateId}?fields=` (unknown: 400 code 100 subcode 33), `DELETE /{wabaId}/message_templates?name=&hsm_id=`.
 * - The Resumable Upload API: `POST /{appId}/uploads?file_name&file_length&file_type` → `{id:'upload:…'}`, then
 *   `POST /upload:…` with `Authorization: OAuth <token>`, `file_offset: 0` and the bytes → `{h}` (kept in `uploads`).
 * - `GET /media/event.jpg` (no version, no token): a small JPEG, at `imageUrl`, for header images; `mediaUrl(file)`
 *   for the others: `event.png` (a PNG), `event.gif` (a GIF), `disguised.jpg` (a GIF served as image/jpeg),
 *   `max.jpg` (a JPEG of exactly 5 MB), `large.jpg` (5 MB + 1 byte) and `large-chunked.jpg` (the same without a
 *   content-length).
 *
 * Webhooks: bodies are built by `statusBody`, `inboundButtonBody`, `inboundTextBody`, `inboundListReplyBody`,
 * `templateStatusBody` (or `webhookBody(field, value)`) and signed with `sign(rawBody)` (X-Hub-Signature-256 with
 * the app secret). `deliver(body)` posts one signed to `webhookUrl`, or hands it to `deliverWebhook` (e.g. a
 * Fastify `app.inject`). `approve` / `reject` / `pause` deliver the template's status update when a target is set;
 * `autoStatuses: ['sent', 'delivered']` delivers those statuses after every accepted template send. `settled()`
 * waits for deliveries in flight; failed deliveries are kept in `webhookFailures`.
 *
 * Faults (sends only; deterministic with `seed`):
 * - `failNext(n, {status, code, taken})`: the next n sends answer that HTTP status (default 500, code 131000);
 *   `code: null` answers an edge's HTML page without Meta's error (a 502 / 504); `taken: true` takes the message
 *   first (recorded `cut-off`, statuses follow), as an edge failing after Meta took it.
 * - `failRatio(ratio, kind, {takenShare})`: that share of sends fails. `error`: HTTP 500; `timeout`: no answer
 *   (the socket is destroyed after `hangMs`, or when the client gives up); `reset`: the socket is destroyed at
 *   once; `mixed`: each of the three in turn by the seeded dice. For timeout and reset, `takenShare` (default 0.5)
 *   of them were taken first: recorded in `sent` (with `taken: 'cut-off'`) and given statuses like any other.
 * - `errorFor(phone, code, mode)`: sends to that number answer Meta's error (`sync`: HTTP 400 with the code) or
 *   are taken and then fail by a `failed` status webhook (`status`).
 * - `rateLimit(n)`: the next n sends answer 429 with code 130429.
 * - `strictTemplates: true`: a template send needs an APPROVED template of that name and language (else 132001), and
 *   is checked against its stored components like Meta: every named body variable given once, none unknown (else
 *   132000), each value non-empty and free of newlines, tabs and 4+ spaces in a row (else 132018); a header
 *   parameter iff the template has a header, of its format (else 132000 / 132012); button parameters only at the
 *   indexes of buttons of the same kind, at most one each, and one for every URL button with a variable (else
 *   132000). A template registered by `addApprovedTemplate` without components is checked for existence only.
 * `messagesTo(phone)` lists the template messages taken for a number ('+972…' or '972…').
 */
export interface FakeWhatsAppOptions {
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
  phoneNumberId?: string;
  wabaId?: string;
  /** Null: no app id (templates without image header). */
  appId?: string | null;
  apiVersion?: string;
  seed?: number;
  /** Where webhooks are POSTed (signed); null: kept for the test to deliver itself. */
  webhookUrl?: string | null;
  /** Instead of a POST to webhookUrl (e.g. through `app.inject`); must throw / reject when not answered 2xx. */
  deliverWebhook?: (rawBody: string, signature: string) => Promise<void>;
  /** Statuses delivered after each accepted template send (needs a webhook target). */
  autoStatuses?: ('sent' | 'delivered' | 'read')[];
  /** Templates are approved as soon as created (with their webhook). Default manual. */
  review?: 'manual' | 'approve';
  strictTemplates?: boolean;
  /** A "timeout" holds the request this long, then destroys the socket. Default 60 s (the client gives up first). */
  hangMs?: number;
}

export interface FakeSentMessage {
  wamid: string;
  /** Digits, as Meta gets it. */
  to: string;
  outboxId: string | null;
  templateName: string;
  lang: string;
  /** Named body values (parameter_name → text). */
  values: Record<string, string>;
  headerImage: string | null;
  /** Quick-reply payloads by index, then the URL button's suffix. */
  buttons: { index: string; subType: string; value: string }[];
  /** 'answered': the client got the id; 'cut-off': taken but the answer never reached the client. */
  taken: 'answered' | 'cut-off';
  body: Record<string, unknown>;
  at: Date;
}

export interface FakeSessionMessage {
  wamid: string;
  to: string;
  type: 'text' | 'interactive';
  body: Record<string, unknown>;
  at: Date;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  rejectedReason: string;
  parameterFormat: string | null;
  components: Record<string, unknown>[];
}

export type FaultKind = 'error' | 'timeout' | 'reset';

export interface FakeWhatsApp {
  url: string;
  /** The adapter's config pointing here. */
  config: Extract<WhatsAppConfig, { provider: 'whatsapp-cloud' }>;
  /** The same as environment variables (MESSAGING_PROVIDER=whatsapp-cloud …). */
  env: Record<string, string>;
  imageUrl: string;
  /** `${url}/media/${file}` (see the files above). */
  mediaUrl(file: 'event.jpg' | 'event.png' | 'event.gif' | 'disguised.jpg' | 'max.jpg' | 'large.jpg' | 'large-chunked.jpg'): string;
  accessToken: string;
  appSecret: string;
  sent: FakeSentMessage[];
  session: FakeSessionMessage[];
  templates: Map<string, FakeTemplate>;
  uploads: { handle: string; fileName: string; fileType: string; bytes: Buffer }[];
  /** Every request: method, path (after the version) and the Authorization header's scheme. */
  requests: { method: string; path: string; auth: string | null }[];
  /** Send attempts by outcome. */
  counts: { accepted: number; error: number; timeout: number; reset: number; rateLimited: number; metaError: number; takenCutOff: number };
  webhookFailures: unknown[];
  messagesTo(phone: string): FakeSentMessage[];
  templateByName(name: string, language?: string): FakeTemplate | undefined;
  /** Registers an approved template without a create call (tests that insert their rows directly). */
  addApprovedTemplate(name: string, language: string, category?: string): FakeTemplate;
  approve(name: string, language?: string): Promise<Record<string, unknown>>;
  reject(name: string, reason?: string, language?: string): Promise<Record<string, unknown>>;
  pause(name: string, language?: string): Promise<Record<string, unknown>>;
  failNext(n: number, answer?: { status?: number; code?: number | null; taken?: boolean }): void;
  failRatio(ratio: number, kind: FaultKind | 'mixed', options?: { takenShare?: number }): void;
  errorFor(phone: string, code: number, mode?: 'sync' | 'status'): void;
  rateLimit(n: number): void;
  clearFaults(): void;
  webhookBody(field: string, value: Record<string, unknown>): Record<string, unknown>;
  statusBody(wamid: string, status: 'sent' | 'delivered' | 'read' | 'played' | 'failed', options?: { errorCode?: number; outboxId?: string | null; to?: string; at?: Date }): Record<string, unknown>;
  inboundButtonBody(from: string, payload: string, text: string, contextId?: string | null, options?: { id?: string; at?: Date }): Record<string, unknown>;
  inboundTextBody(from: string, text: string, options?: { id?: string; at?: Date; contextId?: string | null }): Record<string, unknown>;
  inboundListReplyBody(from: string, id: string, title: string, options?: { id?: string; at?: Date; contextId?: string | null }): Record<string, unknown>;
  templateStatusBody(template: Pick<FakeTemplate, 'id' | 'name' | 'language' | 'category'>, event: string, reason?: string): Record<string, unknown>;
  /** X-Hub-Signature-256 of a raw body (default: this fake's app secret). */
  sign(rawBody: string | Buffer, appSecret?: string): string;
  /** Posts a body signed to the webhook target (throws without one). */
  deliver(body: Record<string, unknown>): Promise<void>;
  /** Waits for webhook deliveries in flight. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A small valid JPEG (1×1). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const FIVE_MB = 5 * 1024 * 1024;
/** A JPEG's first bytes padded to `size` (Meta's limit is on bytes; the fake never decodes it). */
const jpegOf = (size: number) => {
  const data = Buffer.alloc(size);
  JPEG.copy(data, 0, 0, Math.min(JPEG.length, size));
  return data;
};
let bigImages: { max: Buffer; large: Buffer } | null = null;
const bigImage = (which: 'max' | 'large') => {
  bigImages ??= { max: jpegOf(FIVE_MB), large: jpegOf(FIVE_MB + 1) };
  return bigImages[which];
};

const digits = (phone: string) => phone.replace(/^\+/, '');

/** mulberry32: the same faults for the same seed. */
const diceOf = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const metaError = (code: number, message: string, subcode?: number) => ({
  error: { message, type: 'OAuthException', code, ...(subcode !== undefined ? { error_subcode: subcode } : {}), fbtrace_id: 'AfakeTrace' },
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const startFakeWhatsApp = async (options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> => {
  const accessToken = options.accessToken ?? 'fake-access-token';
  const appSecret = options.appSecret ?? 'fake-app-secret';
  const verifyToken = options.verifyToken ?? 'fake-verify-token';
  const phoneNumberId = options.phoneNumberId ?? '1122334455';
  const wabaId = options.wabaId ?? '5566778899';
  const appId = options.appId === undefined ? '9988776655' : options.appId;
  const apiVersion = options.apiVersion ?? 'v24.0';
  const hangMs = options.hangMs ?? 60_000;
  const dice = diceOf(options.seed ?? 1);

  const sent: FakeSentMessage[] = [];
  const session: FakeSessionMessage[] = [];
  const templates = new Map<string, FakeTemplate>();
  const uploads: FakeWhatsApp['uploads'] = [];
  const uploadSessions = new Map<string, { fileName: string; fileLength: number; fileType: string }>();
  const requests: FakeWhatsApp['requests'] = [];
  const counts: FakeWhatsApp['counts'] = { accepted: 0, error: 0, timeout: 0, reset: 0, rateLimited: 0, metaError: 0, takenCutOff: 0 };
  const webhookFailures: unknown[] = [];
  const inFlight = new Set<Promise<void>>();
  const sockets = new Set<Socket>();
  const hanging = new Set<NodeJS.Timeout>();
  let sequence = 0;
  let templateSequence = 100_000;

  let nextFailures: { count: number; status: number; code: number | null; taken: boolean } = { count: 0, status: 500, code: 131000, taken: false };
  let ratio: { share: number; kind: FaultKind | 'mixed'; takenShare: number } | null = null;
  let rateLimited = 0;
  const errorsFor = new Map<string, { code: number; mode: 'sync' | 'status' }>();

  const newWamid = () => `wamid.FAKE${String(++sequence).padStart(8, '0')}${Math.floor(dice() * 1e6).toString(36)}`;
  const templateKey = (name: string, language: string) => `${name}|${language}`;

  const sign = (rawBody: string | Buffer, secret = appSecret) => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

  const post = async (rawBody: string, signature: string): Promise<void> => {
    if (options.deliverWebhook) return options.deliverWebhook(rawBody, signature);
    if (!options.webhookUrl) throw new Error('fake WhatsApp: no webhookUrl or deliverWebhook to deliver to');
    const response = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: rawBody });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
  const hasTarget = () => Boolean(options.deliverWebhook ?? options.webhookUrl);
  const deliver = (body: Json): Promise<void> => {
    const rawBody = JSON.stringify(body);
    const delivery = post(rawBody, sign(rawBody));
    inFlight.add(delivery);
    void delivery.then(
      () => inFlight.delete(delivery),
      () => inFlight.delete(delivery),
    );
    return delivery;
  };
  /** Background deliveries (auto statuses, reviews): failures are kept, never thrown into the fake's requests. */
  const deliverQuietly = (body: Json) => {
    if (!hasTarget()) return;
    deliver(body).catch((error: unknown) => webhookFailures.push(error));
  };

  const webhookBody = (field: string, value: Json): Json => ({
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
  });
  const messagesValue = (extra: Json): Json => ({
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '972533000000', phone_number_id: phoneNumberId },
    ...extra,
  });
  const seconds = (at?: Date) => String(Math.floor((at ?? new Date()).getTime() / 1000));

  const statusBody: FakeWhatsApp['statusBody'] = (wamid, status, extra = {}) => {
    const message = sent.find((m) => m.wamid === wamid);
    const outboxId = extra.outboxId === undefined ? (message?.outboxId ?? null) : extra.outboxId;
    return webhookBody(
      'messages',
      messagesValue({
        statuses: [
          {
            id: wamid,
            status,
            timestamp: seconds(extra.at),
            recipient_id: digits(extra.to ?? message?.to ?? '972500000000'),
            ...(outboxId ? { biz_opaque_callback_data: outboxId } : {}),
            ...(status === 'failed'
              ? { errors: [{ code: extra.errorCode ?? 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'fake' } }] }
              : { pricing: { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' } }),
          },
        ],
      }),
    );
  };
  const inbound = (from: string, message: Json, options: { id?: string; at?: Date; contextId?: string | null } = {}) =>
    webhookBody(
      'messages',
      messagesValue({
        contacts: [{ profile: { name: 'אורח' }, wa_id: digits(from) }],
        messages: [
          {
            from: digits(from),
            id: options.id ?? `wamid.IN${String(++sequence).padStart(8, '0')}`,
            timestamp: seconds(options.at),
            ...(options.contextId ? { context: { from: '972533000000', id: options.contextId } } : {}),
            ...message,
          },
        ],
      }),
    );

  const templateStatusBody: FakeWhatsApp['templateStatusBody'] = (template, event, reason) =>
    webhookBody('message_template_status_update', {
      event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      message_template_category: template.category,
      reason: reason ?? 'NONE',
    });

  const templateByName = (name: string, language?: string) => [...templates.values()].find((t) => t.name === name && (!language || t.language === language));
  const review = async (name: string, language: string | undefined, status: FakeTemplate['status'], reason: string): Promise<Json> => {
    const template = templateByName(name, language);
    if (!template) throw new Error(`fake WhatsApp: no template ${name}`);
    template.status = status;
    template.rejectedReason = reason;
    const body = templateStatusBody(template, status, reason);
    if (hasTarget()) await deliver(body);
    return body;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** Which fault, if any, this send meets. */
  const faultOf = (to: string): { kind: FaultKind; taken: boolean } | { kind: 'status'; status: number; code: number | null; taken: boolean } | null => {
    if (nextFailures.count > 0) {
      nextFailures.count--;
      return { kind: 'status', status: nextFailures.status, code: nextFailures.code, taken: nextFailures.taken };
    }
    if (rateLimited > 0) {
      rateLimited--;
      return { kind: 'status', status: 429, code: 130429, taken: false };
    }
    const forPhone = errorsFor.get(to);
    if (forPhone?.mode === 'sync') return { kind: 'status', status: 400, code: forPhone.code, taken: false };
    if (ratio && dice() < ratio.share) {
      const kinds: FaultKind[] = ['error', 'timeout', 'reset'];
      const kind = ratio.kind === 'mixed' ? (kinds[Math.floor(dice() * 3)] ?? 'error') : ratio.kind;
      return { kind, taken: kind !== 'error' && dice() < ratio.takenShare };
    }
    return null;
  };

  const recordTemplateSend = (body: Json, wamid: string, taken: FakeSentMessage['taken']): FakeSentMessage => {
    const template = isObject(body['template']) ? body['template'] : {};
    const language = isObject(template['language']) ? template['language'] : {};
    const components = Array.isArray(template['components']) ? (template['components'] as Json[]) : [];
    const values: Record<string, string> = {};
    let headerImage: string | null = null;
    const buttons: FakeSentMessage['buttons'] = [];
    for (const component of components) {
      const parameters = Array.isArray(component['parameters']) ? (component['parameters'] as Json[]) : [];
      if (component['type'] === 'body') {
        for (const parameter of parameters) values[String(parameter['parameter_name'])] = String(parameter['text']);
      } else if (component['type'] === 'header') {
        const image = parameters[0]?.['image'];
        headerImage = isObject(image) ? String(image['link']) : null;
      } else if (component['type'] === 'button') {
        const parameter = parameters[0] ?? {};
        buttons.push({ index: String(component['index']), subType: String(component['sub_type']), value: String(parameter['payload'] ?? parameter['text']) });
      }
    }
    const message: FakeSentMessage = {
      wamid,
      to: String(body['to']),
      outboxId: typeof body['biz_opaque_callback_data'] === 'string' ? body['biz_opaque_callback_data'] : null,
      templateName: String(template['name']),
      lang: String(language['code']),
      values,
      headerImage,
      buttons,
      taken,
      body,
      at: new Date(),
    };
    sent.push(message);
    return message;
  };

  /** After a template was taken: its statuses (or its failure) by webhook. */
  const followUp = (message: FakeSentMessage) => {
    const failure = errorsFor.get(message.to);
    if (failure?.mode === 'status') {
      deliverQuietly(statusBody(message.wamid, 'failed', { errorCode: failure.code }));
      return;
    }
    for (const status of options.autoStatuses ?? []) deliverQuietly(statusBody(message.wamid, status));
  };

  /** Meta's checks of a template send against the approved template (strictTemplates); null: it fits. */
  const templateMismatch = (known: FakeTemplate, template: Json): { code: number; message: string } | null => {
    if (known.components.length === 0) return null;
    const sentComponents = Array.isArray(template['components']) ? (template['components'] as unknown[]).filter(isObject) : [];
    const ofType = (type: string) => known.components.find((c) => c['type'] === type);
    const mismatch = (code: number, what: string) => ({ code, message: `(#${code}) ${what}` });

    const header = ofType('HEADER');
    const sentHeaders = sentComponents.filter((c) => c['type'] === 'header');
    if (sentHeaders.length > 1 || Boolean(header) !== (sentHeaders.length === 1)) {
      return mismatch(132000, header ? 'The template has a header: its parameter is required' : 'The template has no header');
    }
    if (header && sentHeaders[0]) {
      const format = String(header['format'] ?? 'TEXT').toLowerCase();
      const parameter = Array.isArray(sentHeaders[0]['parameters']) ? (sentHeaders[0]['parameters'] as unknown[])[0] : undefined;
      const media = isObject(parameter) ? parameter[format] : undefined;
      if (!isObject(parameter) || parameter['type'] !== format || (format !== 'text' && !(isObject(media) && typeof media['link'] === 'string' && media['link'] !== ''))) {
        return mismatch(132012, `The header parameter must be of type ${format}`);
      }
    }

    const bodyText = String(ofType('BODY')?.['text'] ?? '');
    const expected = new Set([...bodyText.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!));
    const sentBodies = sentComponents.filter((c) => c['type'] === 'body');
    if (sentBodies.length > 1) return mismatch(132000, 'One body component only');
    const parameters = Array.isArray(sentBodies[0]?.['parameters']) ? (sentBodies[0]['parameters'] as unknown[]) : [];
    const given = new Set<string>();
    for (const parameter of parameters) {
      const name = isObject(parameter) ? parameter['parameter_name'] : undefined;
      if (typeof name !== 'string' || !expected.has(name) || given.has(name)) return mismatch(132000, 'Number of parameters does not match the expected number of params');
      given.add(name);
      const text = isObject(parameter) ? parameter['text'] : undefined;
      if (!isObject(parameter) || parameter['type'] !== 'text' || typeof text !== 'string' || text.trim() === '') return mismatch(132018, `Parameter ${name} has no text`);
      if (/[\n\t]| {4,}/.test(text)) return mismatch(132018, 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
    }
    if (given.size !== expected.size) return mismatch(132000, 'Number of parameters does not match the expected number of params');

    const buttonsComponent = ofType('BUTTONS');
    const buttons = Array.isArray(buttonsComponent?.['buttons']) ? (buttonsComponent['buttons'] as unknown[]).filter(isObject) : [];
    const sentButtons = sentComponents.filter((c) => c['type'] === 'button');
    const SUB_TYPE: Record<string, string> = { QUICK_REPLY: 'quick_reply', URL: 'url' };
    const seen = new Set<number>();
    for (const sentButton of sentButtons) {
      const index = Number(sentButton['index']);
      const button = Number.isInteger(index) ? buttons[index] : undefined;
      if (!button || seen.has(index) || SUB_TYPE[String(button['type'])] !== sentButton['sub_type']) {
        return mismatch(132000, `No ${String(sentButton['sub_type'])} button at index ${String(sentButton['index'])}`);
      }
      seen.add(index);
      const parameter = Array.isArray(sentButton['parameters']) ? (sentButton['parameters'] as unknown[])[0] : undefined;
      const value = isObject(parameter) ? (sentButton['sub_type'] === 'url' ? parameter['text'] : parameter['payload']) : undefined;
      if (typeof value !== 'string' || value === '') return mismatch(132000, `Button ${index} needs its parameter`);
    }
    const missingUrl = buttons.findIndex((button, index) => button['type'] === 'URL' && /\{\{\s*1\s*\}\}/.test(String(button['url'] ?? '')) && !seen.has(index));
    if (missingUrl >= 0) return mismatch(132000, `The URL button at index ${missingUrl} needs its parameter`);
    return null;
  };

  const handleMessages = (req: IncomingMessage, res: ServerResponse, body: Json) => {
    const to = typeof body['to'] === 'string' ? body['to'] : '';
    if (body['messaging_product'] !== 'whatsapp' || !/^\d{6,15}$/.test(to)) {
      return send(res, 400, metaError(100, '(#100) Invalid parameter'));
    }
    const type = body['type'];
    if (type === 'text' || type === 'interactive') {
      if (type === 'text' && !(isObject(body['text']) && typeof body['text']['body'] === 'string')) return send(res, 400, metaError(100, '(#100) text.body required'));
      const wamid = newWamid();
      session.push({ wamid, to, type, body, at: new Date() });
      return send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] });
    }
    if (type !== 'template' || !isObject(body['template'])) return send(res, 400, metaError(100, '(#100) Unsupported message type'));
    const template = body['template'];
    const language = isObject(template['language']) ? template['language']['code'] : undefined;
    if (options.strictTemplates) {
      const known = templateByName(String(template['name']), String(language));
      if (!known || known.status !== 'APPROVED') return send(res, 404, metaError(132001, '(#132001) Template name does not exist in the translation'));
      const mismatch = templateMismatch(known, template);
      if (mismatch) {
        counts.metaError++;
        return send(res, 400, metaError(mismatch.code, mismatch.message));
      }
    }
    const fault = faultOf(to);
    if (fault?.kind === 'status') {
      if (fault.status === 429) counts.rateLimited++;
      else if (fault.status >= 500) counts.error++;
      else counts.metaError++;
      if (fault.taken) {
        counts.takenCutOff++;
        followUp(recordTemplateSend(body, newWamid(), 'cut-off'));
      }
      if (fault.code === null) {
        res.writeHead(fault.status, { 'content-type': 'text/html' });
        res.end(`<html><body>${fault.status} Bad Gateway</body></html>`);
        return;
      }
      return send(res, fault.status, metaError(fault.code, `(#${fault.code}) fake failure`));
    }
    if (fault?.kind === 'error') {
      counts.error++;
      return send(res, 500, metaError(131000, '(#131000) Something went wrong'));
    }
    if (fault) {
      counts[fault.kind]++;
      if (fault.taken) {
        counts.takenCutOff++;
        followUp(recordTemplateSend(body, newWamid(), 'cut-off'));
      }
      if (fault.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      const timer = setTimeout(() => {
        hanging.delete(timer);
        req.socket.destroy();
      }, hangMs);
      hanging.add(timer);
      return;
    }
    counts.accepted++;
    const message = recordTemplateSend(body, newWamid(), 'answered');
    send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: message.wamid, message_status: 'accepted' }] });
    followUp(message);
  };

  const templateJson = (t: FakeTemplate) => ({
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    rejected_reason: t.rejectedReason,
    parameter_format: t.parameterFormat,
    components: t.components,
  });

  const handleCreateTemplate = (res: ServerResponse, body: Json) => {
    const name = body['name'];
    const language = body['language'];
    const category = body['category'];
    const components = body['components'];
    if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) return send(res, 400, metaError(100, 'Invalid parameter: name', 2388042));
    if (typeof language !== 'string' || typeof category !== 'string' || !Array.isArray(components)) return send(res, 400, metaError(100, 'Invalid parameter'));
    if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(category)) return send(res, 400, metaError(100, 'Invalid parameter: category'));
    const bodyComponent = (components as Json[]).find((c) => c['type'] === 'BODY');
    if (!bodyComponent || typeof bodyComponent['text'] !== 'string') return send(res, 400, metaError(100, 'A BODY component is required'));
    const header = (components as Json[]).find((c) => c['type'] === 'HEADER');
    if (header) {
      const example = isObject(header['example']) ? header['example'] : {};
      const handle = Array.isArray(example['header_handle']) ? example['header_handle'][0] : undefined;
      if (!uploads.some((upload) => upload.handle === handle)) return send(res, 400, metaError(100, 'Invalid header_handle', 2494102));
    }
    if (templateByName(name, language)) return send(res, 400, metaError(100, 'Message template already exists with this name and language', 2388024));
    const template: FakeTemplate = {
      id: String(++templateSequence),
      name,
      language,
      category,
      status: 'PENDING',
      rejectedReason: 'NONE',
      parameterFormat: typeof body['parameter_format'] === 'string' ? body['parameter_format'] : null,
      components: components as Json[],
    };
    templates.set(templateKey(name, language), template);
    send(res, 200, { id: template.id, status: 'PENDING', category });
    if (options.review === 'approve') {
      template.status = 'APPROVED';
      deliverQuietly(templateStatusBody(template, 'APPROVED'));
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname.startsWith('/media/')) {
      const file = url.pathname.slice('/media/'.length);
      const media: Record<string, [string, () => Buffer]> = {
        'event.jpg': ['image/jpeg', () => JPEG],
        'event.png': ['image/png', () => PNG],
        'event.gif': ['image/gif', () => GIF],
        'disguised.jpg': ['image/jpeg', () => GIF],
        'max.jpg': ['image/jpeg', () => bigImage('max')],
        'large.jpg': ['image/jpeg', () => bigImage('large')],
        'large-chunked.jpg': ['image/jpeg', () => bigImage('large')],
      };
      const found = media[file];
      if (!found) return send(res, 404, metaError(100, 'No such media'));
      const data = found[1]();
      if (file === 'large-chunked.jpg') {
        res.writeHead(200, { 'content-type': found[0] });
        for (let offset = 0; offset < data.length; offset += 256 * 1024) res.write(data.subarray(offset, offset + 256 * 1024));
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': found[0], 'content-length': data.length });
      res.end(data);
      return;
    }
    const prefix = `/${apiVersion}`;
    if (!url.pathname.startsWith(`${prefix}/`)) return send(res, 404, metaError(100, 'Unknown path'));
    const path = url.pathname.slice(prefix.length);
    const authorization = req.headers.authorization ?? '';
    const [scheme, token] = authorization.split(' ');
    requests.push({ method, path, auth: scheme ?? null });
    const raw = await readBody(req);
    const isUpload = method === 'POST' && path.startsWith('/upload:');
    if (token !== accessToken || scheme !== (isUpload ? 'OAuth' : 'Bearer')) {
      return send(res, 401, metaError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    let body: Json = {};
    if (!isUpload && raw.length > 0) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        body = isObject(parsed) ? parsed : {};
      } catch {
        return send(res, 400, metaError(100, 'Invalid JSON'));
      }
    }
    if (method === 'POST' && path === `/${phoneNumberId}/messages`) return handleMessages(req, res, body);
    if (path === `/${wabaId}/message_templates`) {
      if (method === 'POST') return handleCreateTemplate(res, body);
      if (method === 'GET') {
        const name = url.searchParams.get('name') ?? '';
        const data = [...templates.values()].filter((t) => t.name.includes(name)).map(templateJson);
        return send(res, 200, { data, paging: { cursors: { before: 'b', after: 'a' } } });
      }
      if (method === 'DELETE') {
        const name = url.searchParams.get('name') ?? '';
        const hsmId = url.searchParams.get('hsm_id');
        const doomed = [...templates.entries()].filter(([, t]) => t.name === name && (!hsmId || t.id === hsmId));
        if (doomed.length === 0) return send(res, 400, metaError(100, 'Message template not found', 2593002));
        for (const [key] of doomed) templates.delete(key);
        return send(res, 200, { success: true });
      }
    }
    if (appId && method === 'POST' && path === `/${appId}/uploads`) {
      const fileLength = Number(url.searchParams.get('file_length'));
      const fileType = url.searchParams.get('file_type') ?? '';
      const fileName = url.searchParams.get('file_name') ?? '';
      if (!Number.isInteger(fileLength) || fileLength <= 0 || !['image/jpeg', 'image/png', 'application/pdf', 'video/mp4'].includes(fileType)) {
        return send(res, 400, metaError(100, 'Invalid upload parameters'));
      }
      if (fileType.startsWith('image/') && fileLength > FIVE_MB) return send(res, 400, metaError(100, 'Images must be 5 MB or smaller'));
      const id = `upload:${Buffer.from(`${fileName}:${++sequence}`).toString('base64url')}`;
      uploadSessions.set(id, { fileName, fileLength, fileType });
      return send(res, 200, { id });
    }
    if (isUpload) {
      const uploadSession = uploadSessions.get(path.slice(1));
      if (!uploadSession) return send(res, 400, metaError(100, 'Unknown upload session'));
      if (req.headers['file_offset'] !== '0' || raw.length !== uploadSession.fileLength) return send(res, 400, metaError(100, 'Bad file_offset or length'));
      const handle = `4::${Buffer.from(`${uploadSession.fileName}:${++sequence}`).toString('base64url')}`;
      uploads.push({ handle, fileName: uploadSession.fileName, fileType: uploadSession.fileType, bytes: raw });
      return send(res, 200, { h: handle });
    }
    if (method === 'GET' && /^\/\d+$/.test(path)) {
      const template = [...templates.values()].find((t) => t.id === path.slice(1));
      if (!template) return send(res, 400, metaError(100, `Unsupported get request. Object with ID '${path.slice(1)}' does not exist`, 33));
      const fields = (url.searchParams.get('fields') ?? 'id,name,status,category').split(',');
      const full = templateJson(template);
      return send(res, 200, { id: template.id, ...Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f as keyof typeof full]])) });
    }
    if (method === 'POST' && /^\/\d+\/messages$/.test(path)) {
      // Another phone number id than ours: Meta's "object does not exist" (100 / 33).
      return send(res, 400, metaError(100, `Unsupported post request. Object with ID '${path.split('/')[1]}' does not exist`, 33));
    }
    return send(res, 400, metaError(100, `Unsupported ${method} request`));
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, metaError(1, String(error)));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config: FakeWhatsApp['config'] = {
    provider: 'whatsapp-cloud',
    apiUrl: url,
    apiVersion,
    phoneNumberId,
    wabaId,
    accessToken,
    appSecret,
    verifyToken,
    appId,
  };

  return {
    url,
    config,
    env: {
      MESSAGING_PROVIDER: 'whatsapp-cloud',
      WHATSAPP_API_URL: url,
      WHATSAPP_API_VERSION: apiVersion,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_WABA_ID: wabaId,
      WHATSAPP_ACCESS_TOKEN: accessToken,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: verifyToken,
      ...(appId ? { WHATSAPP_APP_ID: appId } : {}),
    },
    imageUrl: `${url}/media/event.jpg`,
    mediaUrl: (file) => `${url}/media/${file}`,
    accessToken,
    appSecret,
    sent,
    session,
    templates,
    uploads,
    requests,
    counts,
    webhookFailures,
    messagesTo: (phone) => sent.filter((m) => m.to === digits(phone)),
    templateByName,
    addApprovedTemplate: (name, language, category = 'MARKETING') => {
      const template: FakeTemplate = {
        id: String(++templateSequence),
        name,
        language,
        category,
        status: 'APPROVED',
        rejectedReason: 'NONE',
        parameterFormat: 'NAMED',
        components: [],
      };
      templates.set(templateKey(name, language), template);
      return template;
    },
    approve: (name, language) => review(name, language, 'APPROVED', 'NONE'),
    reject: (name, reason = 'INVALID_FORMAT', language) => review(name, language, 'REJECTED', reason),
    pause: (name, language) => review(name, language, 'PAUSED', 'NONE'),
    failNext: (n, answer = {}) => {
      nextFailures = { count: n, status: answer.status ?? 500, code: answer.code === undefined ? 131000 : answer.code, taken: answer.taken ?? false };
    },
    failRatio: (share, kind, faultOptions = {}) => {
      ratio = { share, kind, takenShare: faultOptions.takenShare ?? 0.5 };
    },
    errorFor: (phone, code, mode = 'sync') => {
      errorsFor.set(digits(phone), { code, mode });
    },
    rateLimit: (n) => {
      rateLimited = n;
    },
    clearFaults: () => {
      nextFailures = { count: 0, status: 500, code: 131000, taken: false };
      ratio = null;
      rateLimited = 0;
      errorsFor.clear();
    },
    webhookBody,
    statusBody,
    inboundButtonBody: (from, payload, text, contextId = null, extra = {}) =>
      inbound(from, { type: 'button', button: { payload, text } }, { ...extra, contextId }),
    inboundTextBody: (from, text, extra = {}) => inbound(from, { type: 'text', text: { body: text } }, extra),
    inboundListReplyBody: (from, id, title, extra = {}) =>
      inbound(from, { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id, title } } }, extra),
    templateStatusBody,
    sign,
    deliver,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      for (const timer of hanging) clearTimeout(timer);
      hanging.clear();
      await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
