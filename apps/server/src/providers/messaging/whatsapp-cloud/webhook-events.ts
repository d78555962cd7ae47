import type { DeliveryReport, WhatsAppWebhookEvent } from '../index.js';
import { reviewStatusOf } from './names.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const stringOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : stringOf(value);

/** Meta's timestamps are unix seconds, as a string or a number. */
const dateOf = (value: unknown): Date | null => {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
};

const STATUS_STATE: Record<string, DeliveryReport['state']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
  failed: 'failed',
};

const statusEvent = (status: unknown): WhatsAppWebhookEvent | null => {
  if (!isObject(status)) return null;
  const id = stringOf(status['id']);
  const raw = stringOf(status['status']);
  const state = raw ? STATUS_STATE[raw] : undefined;
  const at = dateOf(status['timestamp']);
  if (!id || !raw || !state || !at) return null;
  let reason: string | null = null;
  if (state === 'failed') {
    const first = arrayOf(status['errors'])[0];
    reason = (isObject(first) ? idOf(first['code']) : null) ?? 'unknown';
  }
  return {
    kind: 'status',
    key: `${id}:${raw}`,
    report: { channel: 3, providerMessageId: id, state, reason, at, outboxId: stringOf(status['biz_opaque_callback_data']) },
  };
};

/** The text and the payload a guest's message carries: typed text, a template's quick reply, an interactive choice. */
const contentOf = (message: Json): { text: string; payload: string | null } | null => {
  const type = message['type'];
  const text = message['text'];
  const button = message['button'];
  const interactive = message['interactive'];
  if (type === 'text' && isObject(text)) {
    const body = stringOf(text['body']);
    return body === null ? null : { text: body, payload: null };
  }
  if (type === 'button' && isObject(button)) {
    const payload = stringOf(button['payload']);
    const label = stringOf(button['text']);
    return payload === null && label === null ? null : { text: label ?? '', payload };
  }
  if (type === 'interactive' && isObject(interactive)) {
    const choice = interactive['button_reply'] ?? interactive['list_reply'];
    if (!isObject(choice)) return null;
    const payload = stringOf(choice['id']);
    const title = stringOf(choice['title']);
    return payload === null && title === null ? null : { text: title ?? '', payload };
  }
  // Media with a caption still says something; anything else (stickers, reactions, locations) is not an answer.
  const media = typeof type === 'string' ? message[type] : undefined;
  if (isObject(media)) {
    const caption = stringOf(media['caption']);
    if (caption !== null) return { text: caption, payload: null };
  }
  return null;
};

const messageEvent = (message: unknown): WhatsAppWebhookEvent | null => {
  if (!isObject(message)) return null;
  const id = stringOf(message['id']);
  const from = stringOf(message['from']);
  const at = dateOf(message['timestamp']);
  if (!id || !from || !/^\d{6,15}$/.test(from) || !at) return null;
  const content = contentOf(message);
  if (!content) return null;
  const context = message['context'];
  return {
    kind: 'message',
    key: id,
    reply: {
      channel: 3,
      from: `+${from}`,
      text: content.text,
      at,
      providerMessageId: id,
      payload: content.payload,
      contextMessageId: isObject(context) ? stringOf(context['id']) : null,
    },
  };
};

const templateStatusEvent = (value: Json, entryTime: unknown): WhatsAppWebhookEvent | null => {
  const providerId = idOf(value['message_template_id']);
  const name = stringOf(value['message_template_name']);
  const lang = stringOf(value['message_template_language']);
  const event = stringOf(value['event']);
  if (!providerId || !name || !lang || !event) return null;
  const when = idOf(value['timestamp']) ?? idOf(entryTime) ?? '0';
  const reason = stringOf(value['reason']);
  return {
    kind: 'template',
    key: `${providerId}:${event}:${when}`,
    providerId,
    name,
    lang,
    status: reviewStatusOf(event),
    category: stringOf(value['message_template_category']),
    // Meta sends reason "NONE" with an approval.
    reason: reason === 'NONE' ? null : reason,
  };
};

const templateCategoryEvent = (value: Json, entryTime: unknown): WhatsAppWebhookEvent | null => {
  const providerId = idOf(value['message_template_id']);
  const name = stringOf(value['message_template_name']);
  const lang = stringOf(value['message_template_language']);
  const category = stringOf(value['new_category']) ?? stringOf(value['correct_category']);
  if (!providerId || !name || !lang || !category) return null;
  const when = idOf(value['timestamp']) ?? idOf(entryTime) ?? '0';
  return { kind: 'template', key: `${providerId}:CATEGORY_${category}:${when}`, providerId, name, lang, status: null, category, reason: null };
};

/** Reads a verified webhook body (entry[].changes[]: statuses, messages, message_template_status_update…); unknown parts are skipped. */
export const parseWhatsAppWebhook = (body: unknown): WhatsAppWebhookEvent[] => {
  const events: WhatsAppWebhookEvent[] = [];
  if (!isObject(body)) return events;
  for (const entry of arrayOf(body['entry'])) {
    if (!isObject(entry)) continue;
    for (const change of arrayOf(entry['changes'])) {
      if (!isObject(change) || !isObject(change['value'])) continue;
      const value = change['value'];
      const found: (WhatsAppWebhookEvent | null)[] = [];
      switch (change['field']) {
        case 'messages':
          found.push(...arrayOf(value['statuses']).map(statusEvent), ...arrayOf(value['messages']).map(messageEvent));
          break;
        case 'message_template_status_update':
          found.push(templateStatusEvent(value, entry['time']));
          break;
        case 'template_category_update':
          found.push(templateCategoryEvent(value, entry['time']));
          break;
        default:
          break;
      }
      for (const event of found) if (event) events.push(event);
    }
  }
  return events;
};
