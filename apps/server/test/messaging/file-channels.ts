import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { TextChannel, TextChannelProvider } from '../../src/providers/messaging/index.js';

/**
 * Channels that keep the provider's own record in a file, as the sandbox's sent.jsonl: a line is appended (synchronously)
 * before the send answers, so a process killed after the append still counts as sent — and `lookup` finds it.
 */
export const createFileChannel = (channel: TextChannel, file: string, delayMs = 0): TextChannelProvider => ({
  channel,
  name: 'file',
  send: async (message) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    appendFileSync(file, `${JSON.stringify({ channel, to: message.to, outboxId: message.outboxId, at: Date.now() })}\n`);
    return { providerMessageId: `file-${message.outboxId}` };
  },
  lookup: async (outboxId) => {
    if (!existsSync(file)) return { known: false };
    const known = readFileSync(file, 'utf8').includes(`"outboxId":"${outboxId}"`);
    return known ? { known: true, providerMessageId: `file-${outboxId}` } : { known: false };
  },
});

export const readFileRecord = (file: string): { channel: number; to: string; outboxId: string; at: number }[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim().length > 0)
        .map((line) => JSON.parse(line) as { channel: number; to: string; outboxId: string; at: number })
    : [];
