import { randomUUID } from 'node:crypto';
import { MessageSendError, type WhatsAppSessionApi } from './index.js';
import type { SandboxRecord } from './sandbox-record.js';
import { sandboxMessageIdOf } from './sandbox-channels.js';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The sandbox's free-form WhatsApp messages: written to its record (the dev tools page shows them), under an id of
 * their own (`session-…`, never an outbox row). A list shows as its text and its choices, one per line.
 */
export const createSandboxWhatsAppSession = (record: SandboxRecord): WhatsAppSessionApi => {
  const append = async (to: string, text: string, choices?: { title: string; payload: string }[]) => {
    if (!E164.test(to)) throw new MessageSendError('not an E.164 number', { code: 'invalidNumber', permanent: true });
    const id = `session-${randomUUID()}`;
    await record.append({ channel: 3, to, text, outboxId: id, at: new Date().toISOString(), ...(choices ? { choices } : {}) });
    return { providerMessageId: sandboxMessageIdOf(3, id) };
  };
  return {
    sendText: (to, text) => append(to, text),
    sendList: (to, list) =>
      append(
        to,
        [list.body, ...list.rows.map((row) => `• ${row.title}  [${row.id}]`)].join('\n'),
        list.rows.map((row) => ({ title: row.title, payload: row.id })),
      ),
  };
};
