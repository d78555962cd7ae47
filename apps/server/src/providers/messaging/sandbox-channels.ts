import { MessageChannel, WHATSAPP_QUICK_REPLY_TITLES } from '@magiim/shared';
import {
  MessageSendError,
  quickReplyPayloadsOf,
  type DeliveryReport,
  type MessagingInbox,
  type OutgoingMessage,
  type TextChannel,
  type TextChannelProvider,
} from './index.js';
import { SandboxAppendAbandoned, type SandboxRecord } from './sandbox-record.js';

/** Milliseconds after acceptance at which each report is told (each waits for the one before it). */
export interface SandboxDelays {
  sentMs: number;
  deliveredMs: number;
  readMs: number;
}
export const DEFAULT_SANDBOX_DELAYS: SandboxDelays = { sentMs: 500, deliveredMs: 1_000, readMs: 3_000 };
/** A restart plays again the reports of messages accepted this recently (see createSandboxChannel). */
export const DEFAULT_RESUME_WITHIN_MS = 2 * 60_000;

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
  // SMS has no read receipts: delivered is the most an SMS ever says.
  if (last === '3' || channel === MessageChannel.SMS) return { state: 'delivered' };
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
  /** At start, play again the reports of messages accepted this recently (see below); 0: none. */
  resumeWithinMs?: number;
}

/** Messages looked at when resuming (the newest of sent.jsonl). */
const RESUME_MAX = 20_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // unref'd: a pending report never holds the process open.
    setTimeout(resolve, Math.max(0, ms)).unref();
  });

interface Step {
  afterMs: number;
  state: DeliveryReport['state'];
  reason: string | null;
}

/** The reports a message gets, each at its time after acceptance. */
export const sandboxTimelineOf = (channel: TextChannel, fate: Fate, delays: SandboxDelays): Step[] => {
  // Meta reports 131026 without a `sent` first; an SMS gateway reports the failed delivery after sending.
  if (fate.state === 'failed' && channel === MessageChannel.WHATSAPP) return [{ afterMs: delays.sentMs, state: 'failed', reason: fate.reason }];
  const sent: Step = { afterMs: delays.sentMs, state: 'sent', reason: null };
  if (fate.state === 'failed') return [sent, { afterMs: delays.deliveredMs, state: 'failed', reason: fate.reason }];
  const delivered: Step = { afterMs: delays.deliveredMs, state: 'delivered', reason: null };
  return fate.state === 'read' ? [sent, delivered, { afterMs: delays.readMs, state: 'read', reason: null }] : [sent, delivered];
};

/**
 * One sandbox text channel. Every accepted message is first appended to sent.jsonl (fsync'd), then `send`
 * answers; its reports follow on timers, in order. Timers die with the process: with `resumeWithinMs`, a new
 * instance (a restart, even after kill -9) plays again the reports of the messages accepted that recently —
 * those already told come again, which the engine takes as the duplicates a provider's webhooks also send.
 * Older pending reports are lost (the message stays as last reported, like a webhook that never came).
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

  const reportOf = (outboxId: string, step: Step): DeliveryReport => ({
    channel,
    providerMessageId: sandboxMessageIdOf(channel, outboxId),
    state: step.state,
    reason: step.reason,
    at: new Date(),
  });

  const playSteps = async (outboxId: string, acceptedAt: number, steps: Step[]) => {
    for (const step of steps) {
      await sleep(acceptedAt + step.afterMs - Date.now());
      await tell(reportOf(outboxId, step));
    }
  };

  const timelineOf = (to: string) => sandboxTimelineOf(channel, sandboxFateOf(channel, to), delays);

  // Reports already due are told one after another (a restart during a big round must not flood the inbox).
  const resume = async (withinMs: number) => {
    const since = Date.now() - withinMs;
    for (const sent of (await record.listNewest(RESUME_MAX)).reverse()) {
      const acceptedAt = Date.parse(sent.at);
      if (sent.channel !== channel || !(acceptedAt >= since)) continue;
      const steps = timelineOf(sent.to);
      const due = steps.filter((step) => acceptedAt + step.afterMs <= Date.now());
      for (const step of due) await tell(reportOf(sent.outboxId, step));
      if (due.length < steps.length) void playSteps(sent.outboxId, acceptedAt, steps.slice(due.length));
    }
  };
  if (options.resumeWithinMs) void resume(options.resumeWithinMs).catch(() => {});

  return {
    channel,
    name: 'sandbox',
    send: async (message: OutgoingMessage) => {
      if (message.channel !== channel) throw new MessageSendError(`the ${channel} channel cannot send a ${message.channel} message`, { code: 'wrongChannel', permanent: true });
      if (!E164.test(message.to)) throw new MessageSendError('not an E.164 number', { code: 'invalidNumber', permanent: true });
      try {
        const titles = WHATSAPP_QUICK_REPLY_TITLES[message.lang];
        const choices = message.template?.quickReplies
          ? quickReplyPayloadsOf(message.outboxId).map((payload, i) => ({ title: titles[i] ?? payload, payload }))
          : undefined;
        await record.append(
          { channel, to: message.to, text: message.text, outboxId: message.outboxId, at: new Date().toISOString(), ...(choices ? { choices } : {}) },
          message.signal,
        );
      } catch (error) {
        // Certainly not recorded, so not sent: an ordinary retry.
        if (error instanceof SandboxAppendAbandoned) throw new MessageSendError('the sandbox did not record the message in time', { code: 'sandboxTimeout' });
        // The line may be on the disk or not: the caller asks `lookup` before any resend.
        throw new MessageSendError(`the sandbox could not record the message: ${(error as Error).message}`, { code: 'sandboxRecord', outcomeUnknown: true });
      }
      // Timed from the answer, so a slow disk never brings a report before the caller has the message id.
      void playSteps(message.outboxId, Date.now(), timelineOf(message.to));
      return { providerMessageId: sandboxMessageIdOf(channel, message.outboxId) };
    },
    lookup: async (outboxId: string) => {
      const found = await record.find(channel, outboxId);
      return found ? { known: true, providerMessageId: sandboxMessageIdOf(channel, outboxId) } : { known: false };
    },
  };
};
