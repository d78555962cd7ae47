import { MessageChannel } from '@magiim/shared';
import {
  MessageSendError,
  type DeliveryReport,
  type MessagingInbox,
  type OutgoingMessage,
  type TextChannel,
  type TextChannelProvider,
} from './index.js';
import type { SandboxRecord } from './sandbox-record.js';

/** Milliseconds after acceptance at which each report is told (each waits for the one before it). */
export interface SandboxDelays {
  sentMs: number;
  deliveredMs: number;
  readMs: number;
}
export const DEFAULT_SANDBOX_DELAYS: SandboxDelays = { sentMs: 300, deliveredMs: 1_000, readMs: 3_000 };

/** WhatsApp: the number is not on WhatsApp (Meta accepts, then reports 131026). */
export const WHATSAPP_NOT_ON_WHATSAPP = '131026';
/** WhatsApp: Meta chose not to deliver (…2 numbers fail on WhatsApp with this, then on SMS). */
export const WHATSAPP_NOT_DELIVERED = '131049';
export const SMS_UNDELIVERABLE = 'undeliverable';

type Fate = { state: 'failed'; reason: string } | { state: 'read' } | { state: 'delivered' };

/**
 * The sandbox's behaviour by the number's last digit (the table): …1 not on WhatsApp (SMS works),
 * …2 fails on both channels, …3 delivered but never read, anything else sent, delivered and read.
 */
export const sandboxFateOf = (channel: TextChannel, to: string): Fate => {
  const last = to.replace(/\D/g, '').slice(-1);
  if (last === '2') return { state: 'failed', reason: channel === MessageChannel.WHATSAPP ? WHATSAPP_NOT_DELIVERED : SMS_UNDELIVERABLE };
  if (last === '1' && channel === MessageChannel.WHATSAPP) return { state: 'failed', reason: WHATSAPP_NOT_ON_WHATSAPP };
  if (last === '3') return { state: 'delivered' };
  return { state: 'read' };
};

export const sandboxMessageIdOf = (channel: TextChannel, outboxId: string) => `sbx-${outboxId}-${channel}`;

const E164 = /^\+[1-9]\d{6,14}$/;

export interface SandboxChannelOptions {
  channel: TextChannel;
  record: SandboxRecord;
  /** Resolved when a report is due: the engine is built after the providers. */
  inbox: () => MessagingInbox;
  delays?: SandboxDelays;
  /** Told when the inbox refuses a report (the sandbox does not retry it). */
  onReportError?: (error: unknown, report: DeliveryReport) => void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // unref'd: a pending report never holds the process open.
    setTimeout(resolve, Math.max(0, ms)).unref();
  });

/**
 * One sandbox text channel. Every accepted message is first appended to sent.jsonl (fsync'd), then `send`
 * answers; its reports follow on timers in order. Pending reports live in memory only: a restart (or kill -9)
 * loses the reports not yet told — the message stays as last reported, like a provider whose webhook never came.
 */
export const createSandboxChannel = (options: SandboxChannelOptions): TextChannelProvider => {
  const { channel, record } = options;
  const delays = options.delays ?? DEFAULT_SANDBOX_DELAYS;

  const tell = async (report: DeliveryReport) => {
    try {
      await options.inbox().report(report);
    } catch (error) {
      options.onReportError?.(error, report);
    }
  };

  const playReports = async (providerMessageId: string, fate: Fate) => {
    const report = (state: DeliveryReport['state'], reason: string | null = null): DeliveryReport => ({
      channel,
      providerMessageId,
      state,
      reason,
      at: new Date(),
    });
    // Meta reports 131026 without a `sent` first; an SMS gateway reports the failed delivery after sending.
    if (fate.state === 'failed' && channel === MessageChannel.WHATSAPP) {
      await sleep(delays.sentMs);
      return tell(report('failed', fate.reason));
    }
    await sleep(delays.sentMs);
    await tell(report('sent'));
    await sleep(delays.deliveredMs - delays.sentMs);
    if (fate.state === 'failed') return tell(report('failed', fate.reason));
    await tell(report('delivered'));
    if (fate.state !== 'read') return;
    await sleep(delays.readMs - delays.deliveredMs);
    await tell(report('read'));
  };

  return {
    channel,
    name: 'sandbox',
    send: async (message: OutgoingMessage) => {
      if (message.channel !== channel) throw new MessageSendError(`the ${channel} channel cannot send a ${message.channel} message`, { code: 'wrongChannel', permanent: true });
      if (!E164.test(message.to)) throw new MessageSendError('not an E.164 number', { code: 'invalidNumber', permanent: true });
      await record.append({ channel, to: message.to, text: message.text, outboxId: message.outboxId, at: new Date().toISOString() });
      const providerMessageId = sandboxMessageIdOf(channel, message.outboxId);
      void playReports(providerMessageId, sandboxFateOf(channel, message.to));
      return { providerMessageId };
    },
    lookup: async (outboxId: string) => {
      const found = await record.find(channel, outboxId);
      return found ? { known: true, providerMessageId: sandboxMessageIdOf(channel, outboxId) } : { known: false };
    },
  };
};
