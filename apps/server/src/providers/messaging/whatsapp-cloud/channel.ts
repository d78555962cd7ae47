import { MessageSendError, quickReplyPayloadsOf, type OutgoingMessage, type SendAccepted, type TextChannelProvider, type WhatsAppSessionApi } from '../index.js';
import { GraphNetworkError, graphErrorOf, type CloudConfig, type GraphAnswer, type GraphClient } from './graph-client.js';
import { metaParameterName } from './names.js';

/**
 * Codes worth another try on the same channel: throughput and pair rate, Meta's own trouble, the spam rate limit
 * (131048) and the number in maintenance (131057).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131048, 131056, 131057, 133004]);

/**
 * Our account or setup is at fault, not the guest: the token (190), a locked account (131031), payment (131042),
 * our template or its parameters (132000 parameter count, 132001 no such template, 132005 translated text too long,
 * 132007 policy, 132012 parameter format, 132015 paused, 132016 disabled), permissions (3, 10, 200–299). Every
 * guest would fail alike: the row waits and the operators are alerted; nobody is moved to SMS for it.
 */
const ACCOUNT_WIDE_CODES = new Set([3, 10, 190, 131031, 131042, 132000, 132001, 132005, 132007, 132012, 132015, 132016]);

const isAccountWide = (status: number, code: number | null, subcode: number | null): boolean =>
  status === 401 ||
  status === 403 ||
  (code !== null && (ACCOUNT_WIDE_CODES.has(code) || (code >= 200 && code <= 299))) ||
  // 100 / 33: the object (our phone number id) does not exist; a plain 100 is about this message (the recipient).
  (code === 100 && subcode === 33);

/**
 * Meta's permanent codes about the recipient (providers.md §1.4): 131026 message undeliverable (not on WhatsApp, old
 * client, terms not accepted), 131030 not in the allowed list (a test number), 131021 the recipient is our own
 * number. Not here: 131049 (Meta's marketing cap: a later round may go), 131050 (the engine's own opt-out record),
 * 100 (usually our parameter, not the guest), retryable codes and our account's.
 */
const UNREACHABLE_CODES = new Set(['131026', '131030', '131021']);

/**
 * A WhatsApp failure code (a send's answer or a `failed` status) saying this recipient will not be reached on
 * WhatsApp: the engine then sends this guest the event's later messages by SMS directly.
 */
export const isWhatsAppUnreachableCode = (reason: string | null): boolean => reason !== null && UNREACHABLE_CODES.has(reason);

/** E.164 → Meta's `to` (digits only). */
export const metaRecipient = (to: string): string => to.replace(/^\+/, '');

/** Meta's answer or a dropped call as the outbox understands it: accepted, retry, never again, or maybe taken. */
const acceptedOrThrow = (answer: GraphAnswer): SendAccepted => {
  if (answer.status >= 200 && answer.status < 300) {
    const messages = (answer.json as { messages?: { id?: unknown }[] } | null)?.messages;
    const id = messages?.[0]?.id;
    if (typeof id === 'string' && id !== '') return { providerMessageId: id };
    // Meta said yes but gave no id: it may well send it.
    throw new MessageSendError('WhatsApp accepted the message without an id', { code: 'no_message_id', outcomeUnknown: true });
  }
  const error = graphErrorOf(answer.json);
  const code = error?.code ?? null;
  const label = code !== null ? String(code) : `http_${answer.status}`;
  const message = `WhatsApp refused the message: HTTP ${answer.status}${code !== null ? ` code ${code}` : ''}${error?.message ? ` (${error.message})` : ''}`;
  if (answer.status >= 500 && code === null) {
    // No Graph error: an edge or proxy answered (502 / 504), perhaps after Meta took the message.
    throw new MessageSendError(message, { code: label, outcomeUnknown: true });
  }
  if (isAccountWide(answer.status, code, error?.subcode ?? null)) throw new MessageSendError(message, { code: label, accountWide: true });
  const retry = answer.status >= 500 || answer.status === 429 || (code !== null && RETRYABLE_CODES.has(code));
  throw new MessageSendError(message, { code: label, permanent: !retry });
};

/** Posts one message; a call cut off after it went out is `outcomeUnknown` (never repeated blindly). */
const postMessage = async (graph: GraphClient, config: CloudConfig, body: Record<string, unknown>): Promise<SendAccepted> => {
  let answer: GraphAnswer;
  try {
    answer = await graph({ method: 'POST', path: `/${config.phoneNumberId}/messages`, json: { messaging_product: 'whatsapp', recipient_type: 'individual', ...body } });
  } catch (error) {
    if (error instanceof GraphNetworkError) {
      throw error.connectFailed
        ? new MessageSendError(`WhatsApp not reached: ${error.message}`, { code: 'unreachable' })
        : new MessageSendError(`WhatsApp call cut off: ${error.message}`, { code: 'outcome_unknown', outcomeUnknown: true });
    }
    throw error;
  }
  return acceptedOrThrow(answer);
};

/** The template message of an outbox row (providers.md §1.1): named body values, image header, RSVP and page buttons. */
export const templateMessageBody = (message: OutgoingMessage): Record<string, unknown> => {
  const template = message.template;
  if (!template?.providerTemplateId) {
    throw new MessageSendError('A WhatsApp message needs an approved Meta template', { code: 'no_template', permanent: true });
  }
  const components: Record<string, unknown>[] = [];
  if (template.headerImageUrl) {
    components.push({ type: 'header', parameters: [{ type: 'image', image: { link: template.headerImageUrl } }] });
  }
  const values = Object.entries(template.values);
  if (values.length > 0) {
    components.push({
      type: 'body',
      parameters: values.map(([name, text]) => ({ type: 'text', parameter_name: metaParameterName(name), text })),
    });
  }
  if (template.quickReplies) {
    quickReplyPayloadsOf(message.outboxId).forEach((payload, index) =>
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] }),
    );
  }
  if (template.pageUrlSuffix !== null) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: template.quickReplies ? '3' : '0',
      parameters: [{ type: 'text', text: template.pageUrlSuffix }],
    });
  }
  return {
    to: metaRecipient(message.to),
    type: 'template',
    biz_opaque_callback_data: message.outboxId,
    template: { name: template.providerTemplateId, language: { code: message.lang }, components },
  };
};

export const createWhatsAppCloudChannel = (graph: GraphClient, config: CloudConfig): TextChannelProvider => ({
  channel: 3,
  name: 'whatsapp-cloud',
  send: async (message) => postMessage(graph, config, templateMessageBody(message)),
  // Meta has no lookup by our id: statuses come back matched by biz_opaque_callback_data.
  lookup: () => Promise.resolve('unsupported'),
});

/** Cuts to Meta's limits by characters (not UTF-16 units), so Hebrew and emoji are not split. */
const clip = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

export const LIST_LIMITS = { rows: 10, rowTitle: 24, button: 20, rowId: 200, body: 1024 } as const;

export const createWhatsAppCloudSession = (graph: GraphClient, config: CloudConfig): WhatsAppSessionApi => ({
  sendText: (to, text) => postMessage(graph, config, { to: metaRecipient(to), type: 'text', text: { body: text, preview_url: false } }),
  sendList: (to, list) => {
    if (list.rows.length === 0 || list.rows.length > LIST_LIMITS.rows || list.rows.some((row) => row.id === '' || row.id.length > LIST_LIMITS.rowId)) {
      return Promise.reject(new MessageSendError('A WhatsApp list needs 1 to 10 rows with ids', { code: 'invalid_list', permanent: true }));
    }
    return postMessage(graph, config, {
      to: metaRecipient(to),
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: clip(list.body, LIST_LIMITS.body) },
        action: {
          button: clip(list.button, LIST_LIMITS.button),
          sections: [{ rows: list.rows.map((row) => ({ id: row.id, title: clip(row.title, LIST_LIMITS.rowTitle) })) }],
        },
      },
    });
  },
});
