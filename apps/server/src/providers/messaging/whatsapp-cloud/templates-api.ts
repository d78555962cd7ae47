import type { WhatsAppTemplateApi, WhatsAppTemplateDraft, WhatsAppTemplateInfo } from '../index.js';
import { graphErrorOf, WhatsAppApiError, type CloudConfig, type GraphAnswer, type GraphClient } from './graph-client.js';
import { metaParameterName, reviewStatusOf } from './names.js';

const ok = (answer: GraphAnswer) => answer.status >= 200 && answer.status < 300;

const failed = (what: string, answer: GraphAnswer) => new WhatsAppApiError(what, answer.status, graphErrorOf(answer.json));

/** Meta's "no such object" for a GET by id: HTTP 404, or 400 with code 100 / subcode 33. */
const isMissing = (answer: GraphAnswer) => {
  const error = graphErrorOf(answer.json);
  return answer.status === 404 || (error?.code === 100 && error.subcode === 33);
};

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Our `{guestName}` text as Meta's named variables (`{{guest_name}}`), with a sample for each, in order. */
export const metaBodyOf = (draft: Pick<WhatsAppTemplateDraft, 'body' | 'examples'>): { text: string; params: { param_name: string; example: string }[] } => {
  const params: { param_name: string; example: string }[] = [];
  const text = draft.body.replace(PLACEHOLDER, (whole, name: string) => {
    const example = draft.examples[name];
    if (example === undefined) return whole;
    const paramName = metaParameterName(name);
    if (!params.some((param) => param.param_name === paramName)) params.push({ param_name: paramName, example });
    return `{{${paramName}}}`;
  });
  return { text, params };
};

const infoOf = (json: unknown, fallback: { name: string; category?: string }): WhatsAppTemplateInfo | null => {
  if (!json || typeof json !== 'object') return null;
  const data = json as Record<string, unknown>;
  const id = typeof data['id'] === 'string' || typeof data['id'] === 'number' ? String(data['id']) : null;
  if (!id) return null;
  const reason = typeof data['rejected_reason'] === 'string' && data['rejected_reason'] !== 'NONE' ? data['rejected_reason'] : null;
  return {
    providerId: id,
    name: typeof data['name'] === 'string' ? data['name'] : fallback.name,
    // A status we do not know yet (Meta adds some) is treated as still under review.
    status: reviewStatusOf(data['status']) ?? 'pending',
    category: typeof data['category'] === 'string' ? data['category'] : (fallback.category ?? null),
    reason,
  };
};

/** Meta's image header: JPEG or PNG of at most 5 MB (providers.md §1.2). */
export const HEADER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What the bytes are (their signature, not the name or a declared type): a JPEG, a PNG, or neither. */
export const imageTypeOf = (data: Buffer): 'image/jpeg' | 'image/png' | null => {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
};

/** The body up to `limit` bytes; null as soon as it is longer (declared or read), without reading the rest. */
const readAtMost = async (response: Response, limit: number): Promise<Buffer | null> => {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

export type HeaderImageCheck = { ok: true; data: Buffer; type: 'image/jpeg' | 'image/png' } | { ok: false; why: 'tooLarge' | 'notJpegOrPng' };

/** Reads the event image and checks it is one Meta takes as a header (JPEG / PNG, ≤ 5 MB); throws when it cannot be read. */
export const checkHeaderImage = async (url: string, timeoutMs: number): Promise<HeaderImageCheck> => {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`The header image could not be read: HTTP ${response.status}`);
  }
  const data = await readAtMost(response, HEADER_IMAGE_MAX_BYTES);
  if (!data) return { ok: false, why: 'tooLarge' };
  const type = imageTypeOf(data);
  return type ? { ok: true, data, type } : { ok: false, why: 'notJpegOrPng' };
};

/** A created template's info; `headerDropped`: the draft asked for an image header but the image was not usable. */
export type CreatedTemplateInfo = WhatsAppTemplateInfo & { headerDropped?: true };

export interface TemplateApiOptions {
  timeoutMs: number;
  /** Told once when templates are created without their image header (no WHATSAPP_APP_ID; an image Meta refuses). */
  warn: (message: string) => void;
}

export const createWhatsAppTemplateApi = (graph: GraphClient, config: CloudConfig, options: TemplateApiOptions): WhatsAppTemplateApi => {
  let warnedNoAppId = false;
  let warnedBadImage = false;

  /** The Resumable Upload API: a session on the app, then the bytes; Meta's handle goes into the header's example. */
  const uploadHeader = async (appId: string, image: { data: Buffer; type: 'image/jpeg' | 'image/png' }): Promise<string> => {
    const fileName = `header.${image.type === 'image/png' ? 'png' : 'jpg'}`;
    const session = await graph({
      method: 'POST',
      path: `/${appId}/uploads`,
      query: { file_name: fileName, file_length: String(image.data.length), file_type: image.type },
    });
    const sessionId = (session.json as { id?: unknown } | null)?.id;
    if (!ok(session) || typeof sessionId !== 'string') throw failed('Upload session not opened', session);
    const upload = await graph({
      method: 'POST',
      path: `/${sessionId}`,
      authScheme: 'OAuth',
      bytes: { data: image.data, headers: { file_offset: '0', 'content-type': 'application/octet-stream' } },
    });
    const handle = (upload.json as { h?: unknown } | null)?.h;
    if (!ok(upload) || typeof handle !== 'string') throw failed('Header image not uploaded', upload);
    return handle;
  };

  const componentsOf = async (draft: WhatsAppTemplateDraft): Promise<{ components: Record<string, unknown>[]; headerDropped: boolean }> => {
    const components: Record<string, unknown>[] = [];
    let headerDropped = false;
    if (draft.headerImage) {
      const image = config.appId ? await checkHeaderImage(draft.headerImage.url, options.timeoutMs) : null;
      if (config.appId && image?.ok) {
        components.push({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [await uploadHeader(config.appId, image)] } });
      } else if (image && !image.ok) {
        // Meta would refuse the upload or the template: the template goes without its header instead.
        headerDropped = true;
        if (!warnedBadImage) {
          warnedBadImage = true;
          options.warn(
            `An event image is ${image.why === 'tooLarge' ? 'larger than 5 MB' : 'not a JPEG or PNG'}: its WhatsApp templates are created without the image header`,
          );
        }
      } else if (!warnedNoAppId) {
        warnedNoAppId = true;
        options.warn('WHATSAPP_APP_ID is not set: WhatsApp templates are created without the event image header');
      }
    }
    const body = metaBodyOf(draft);
    components.push({ type: 'BODY', text: body.text, ...(body.params.length > 0 ? { example: { body_text_named_params: body.params } } : {}) });
    if (draft.footer) components.push({ type: 'FOOTER', text: draft.footer });
    const buttons: Record<string, unknown>[] = [];
    for (const title of draft.quickReplies ?? []) buttons.push({ type: 'QUICK_REPLY', text: title });
    if (draft.urlButton) {
      const { title, baseUrl, exampleSuffix } = draft.urlButton;
      buttons.push({ type: 'URL', text: title, url: `${baseUrl}{{1}}`, example: [`${baseUrl}${exampleSuffix}`] });
    }
    if (buttons.length > 0) components.push({ type: 'BUTTONS', buttons });
    return { components, headerDropped };
  };

  const findByName = async (name: string): Promise<WhatsAppTemplateInfo | null> => {
    const answer = await graph({
      method: 'GET',
      path: `/${config.wabaId}/message_templates`,
      query: { name, fields: 'id,name,status,category,language,rejected_reason', limit: '100' },
    });
    if (!ok(answer)) throw failed('Template lookup by name', answer);
    const data = (answer.json as { data?: unknown } | null)?.data;
    // Meta's name filter also matches parts of names.
    const found = Array.isArray(data) ? data.find((item) => (item as { name?: unknown } | null)?.name === name) : undefined;
    return found ? infoOf(found, { name }) : null;
  };

  return {
    create: async (draft): Promise<CreatedTemplateInfo> => {
      const { components, headerDropped } = await componentsOf(draft);
      const answer = await graph({
        method: 'POST',
        path: `/${config.wabaId}/message_templates`,
        json: { name: draft.name, language: draft.lang, category: draft.category, parameter_format: 'NAMED', components },
      });
      const info = ok(answer) ? infoOf(answer.json, { name: draft.name, category: draft.category }) : null;
      if (!info) throw failed(`Template ${draft.name} not created`, answer);
      if (!headerDropped) return info;
      const created: CreatedTemplateInfo = { ...info, headerDropped: true };
      return created;
    },
    get: async (providerId) => {
      const answer = await graph({ method: 'GET', path: `/${encodeURIComponent(providerId)}`, query: { fields: 'name,status,category,rejected_reason' } });
      if (ok(answer)) {
        const info = infoOf(answer.json, { name: '' });
        if (info) return info;
      }
      if (isMissing(answer)) return null;
      throw failed(`Template ${providerId} not read`, answer);
    },
    findByName,
    headerImageUsable: async (url) => (await checkHeaderImage(url, options.timeoutMs)).ok,
    delete: async (template) => {
      const answer = await graph({
        method: 'DELETE',
        path: `/${config.wabaId}/message_templates`,
        query: { name: template.name, ...(template.providerId ? { hsm_id: template.providerId } : {}) },
      });
      if (ok(answer)) return;
      // Already gone (deleted before, or never created) is what we wanted.
      if (answer.status < 500 && (await findByName(template.name)) === null) return;
      throw failed(`Template ${template.name} not deleted`, answer);
    },
  };
};
