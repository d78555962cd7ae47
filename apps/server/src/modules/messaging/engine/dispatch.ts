import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../../platform/context.js';
import { MessageSendError, type TextChannel, type TextChannelProvider } from '../../../providers/messaging/index.js';
import { isSendingAllowed, nextSendingMoment } from '../sending-hours.js';
import { createMessageRenderer, type MessageRenderer } from '../templates/render.js';
import { engineSettings } from './engine-settings.js';
import { finishActions } from './finish-actions.js';
import * as outbox from './outbox.repository.js';
import { skipReasonOf } from './skip-reason.js';

const CHANNELS: TextChannel[] = [3, 1];
/** A channel that had nothing ready is asked again after this (fallback SMS rows wait at most this long). */
const EMPTY_CHANNEL_PAUSE_MS = 250;
const RELEASE_AFTER_ERROR_MS = 1_000;
/** Provider codes that mean the guest asked not to be messaged: never a reason to try SMS instead. */
const OPT_OUT_CODES = new Set(['optedOut', '131050']);

export const isFallbackWorthy = (reason: string | null): boolean => !OPT_OUT_CODES.has(reason ?? '');

const providerOf = (ctx: AppContext, channel: TextChannel): TextChannelProvider =>
  channel === 3 ? ctx.messaging.whatsapp : ctx.messaging.sms;
const rateOf = (ctx: AppContext, channel: TextChannel): number =>
  channel === 3 ? ctx.config.messaging.whatsappRatePerSecond : ctx.config.messaging.smsRatePerSecond;

/** A WhatsApp row that ended failed gets its one SMS row (the pump or the next dispatch sends it). */
export const fallBackToSms = async (ctx: AppContext, row: { id: string; channel: number }, reason: string | null): Promise<boolean> => {
  if (row.channel !== 3 || !isFallbackWorthy(reason)) return false;
  return outbox.insertSmsFallback(ctx.db, row.id);
};

const sendRow = async (ctx: AppContext, row: outbox.ClaimedRow, guest: outbox.GuestForSending | undefined, renderer: MessageRenderer): Promise<void> => {
  const { db } = ctx;
  const provider = providerOf(ctx, row.channel);
  if (!guest) return outbox.markSkipped(db, row.id, 'deleted');
  if (guest.paused) return outbox.releaseClaim(db, row.id, new Date(Date.now() + 60_000), { refund: true });
  const mode = ctx.config.messaging.sendingHours;
  if (!isSendingAllowed(new Date(), mode)) return outbox.releaseClaim(db, row.id, nextSendingMoment(new Date(), mode), { refund: true });

  if (row.previousClaim) {
    // The worker that claimed it before died or hung mid-call: the provider may have the message already.
    let found: Awaited<ReturnType<TextChannelProvider['lookup']>>;
    try {
      found = await provider.lookup(row.id);
    } catch (error) {
      ctx.logger.warn({ err: error, outboxId: row.id }, 'outbox lookup failed; claim kept for a later check');
      return;
    }
    if (found === 'unsupported') {
      // At most once beats a double message: the host sees it failed and may retry it by hand.
      await outbox.markFailed(db, row.id, 'uncertain');
      return;
    }
    if (found.known) {
      await outbox.markSent(db, row.id, { providerMessageId: found.providerMessageId, text: null, smsParts: null });
      return;
    }
  }

  const skip = skipReasonOf(row.action, guest);
  if (skip) return outbox.markSkipped(db, row.id, skip);

  let rendered: ReturnType<MessageRenderer['render']>;
  try {
    rendered = renderer.render({ guest, action: row.action, channel: row.channel });
  } catch (error) {
    return releaseUnsent(ctx, [row], error);
  }
  const smsParts = row.channel === 1 ? rendered.smsParts : null;
  if (!(await outbox.renewClaim(db, row.id, row.claimToken))) {
    // This worker stalled past the lease and another took the row over: it sends, not this one.
    ctx.logger.warn({ outboxId: row.id }, 'claim taken over by another worker; not sent here');
    return;
  }
  // Checked again right before the call: a lookup or a slow batch may have carried it past the window's end.
  if (!isSendingAllowed(new Date(), mode)) return outbox.releaseClaim(db, row.id, nextSendingMoment(new Date(), mode), { refund: true });
  try {
    const accepted = await provider.send({
      outboxId: row.id,
      channel: row.channel,
      to: guest.phoneNumber,
      text: rendered.text,
      lang: guest.lang,
      template: rendered.template,
    });
    await outbox.markSent(db, row.id, { providerMessageId: accepted.providerMessageId, text: rendered.text, smsParts });
  } catch (error) {
    if (!(error instanceof MessageSendError) || error.outcomeUnknown) {
      // It may have gone: the claim stays, and after its lease the provider is asked before anything is resent.
      ctx.logger.warn({ err: error, outboxId: row.id }, 'send outcome unknown; checked with the provider after the lease');
      return;
    }
    if (error.permanent || row.attempts >= engineSettings.maxAttempts) {
      // The SMS row first: between the two, the action must not look drained (finished) to another worker.
      await fallBackToSms(ctx, row, error.code);
      await outbox.markFailed(db, row.id, error.code, rendered.text);
      return;
    }
    const backOff = engineSettings.retryBaseMs * 2 ** Math.max(0, row.attempts - 1);
    await outbox.releaseClaim(db, row.id, new Date(Date.now() + backOff), { refund: false, reason: error.code });
  }
};

/**
 * Nothing reached the provider (the database or the renderer failed first): the row goes back after a pause, or
 * fails with 'internal' once its attempts are spent (a renderer that always throws must not spin for ever).
 */
const releaseUnsent = async (ctx: AppContext, rows: outbox.ClaimedRow[], error: unknown): Promise<void> => {
  ctx.logger.error({ err: error, rows: rows.length }, 'outbox rows released before sending');
  for (const row of rows) {
    const giveBack =
      row.attempts >= engineSettings.maxAttempts
        ? outbox.markFailed(ctx.db, row.id, 'internal')
        : outbox.releaseClaim(ctx.db, row.id, new Date(Date.now() + RELEASE_AFTER_ERROR_MS * row.attempts), { refund: false });
    await Promise.resolve(giveBack).catch((releaseError: unknown) => ctx.logger.error({ err: releaseError, outboxId: row.id }, 'claim kept until its lease'));
  }
};

const sendBatch = async (ctx: AppContext, rows: outbox.ClaimedRow[]): Promise<void> => {
  let guests: Map<string, outbox.GuestForSending>;
  const renderers = new Map<string, MessageRenderer>();
  try {
    guests = new Map((await outbox.readGuestsForSending(ctx.db, [...new Set(rows.map((row) => row.guestId))])).map((g) => [g.id, g]));
    const eventIds = [...new Set(rows.map((row) => row.eventId))];
    const loaded = await Promise.all(eventIds.map((eventId) => createMessageRenderer(ctx, eventId)));
    eventIds.forEach((eventId, i) => renderers.set(eventId, loaded[i]!));
  } catch (error) {
    return releaseUnsent(ctx, rows, error);
  }
  await Promise.all(
    rows.map(async (row) => {
      try {
        await sendRow(ctx, row, guests.get(row.guestId), renderers.get(row.eventId)!);
      } catch (error) {
        // The claim stays: after its lease the row is checked with the provider and sent at most once.
        ctx.logger.error({ err: error, outboxId: row.id }, 'outbox row not handled');
      }
    }),
  );
};

/**
 * Sends ready rows until none are left or the budget is spent, at each channel's rate shared by every process,
 * taking events in turns. Answers 'more' when ready rows remain for the next dispatch job.
 */
export const pumpOutbox = async (ctx: AppContext, budgetMs = engineSettings.pumpBudgetMs): Promise<'drained' | 'more'> => {
  const { db } = ctx;
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let rowsInFlight = 0;
  const mode = ctx.config.messaging.sendingHours;
  const emptyUntil = new Map<TextChannel, number>();
  while (Date.now() - started < budgetMs) {
    const now = new Date();
    if (!isSendingAllowed(now, mode)) {
      // Quiet hours: nothing is claimed; every ready row waits for the window (the scheduler tick starts it again).
      await outbox.deferReadyRows(db, nextSendingMoment(now, mode));
      break;
    }
    let claimed = 0;
    let rateWaitMs = Number.POSITIVE_INFINITY;
    for (const channel of CHANNELS) {
      if (rowsInFlight >= engineSettings.maxInFlight) break;
      if ((emptyUntil.get(channel) ?? 0) > Date.now()) continue;
      const rate = rateOf(ctx, channel);
      const want = Math.max(1, Math.ceil(rate * engineSettings.batchShareOfSecond));
      // The bucket holds a quarter of a second: a dispatcher slowed by the database catches up instead of losing the time.
      const capacity = Math.max(want, Math.ceil(rate * engineSettings.bucketSeconds));
      const tokens = await outbox.takeTokens(db, channel, want, rate, capacity);
      if (tokens.granted === 0) {
        rateWaitMs = Math.min(rateWaitMs, ((1 - tokens.available) / rate) * 1000);
        continue;
      }
      const rows = await outbox.claimReadyRows(db, channel, tokens.granted, engineSettings.claimLeaseMs);
      await outbox.refundTokens(db, channel, tokens.granted - rows.length, capacity);
      if (rows.length === 0) {
        emptyUntil.set(channel, Date.now() + EMPTY_CHANNEL_PAUSE_MS);
        continue;
      }
      claimed += rows.length;
      rowsInFlight += rows.length;
      const batch: Promise<void> = sendBatch(ctx, rows).finally(() => {
        rowsInFlight -= rows.length;
        inFlight.delete(batch);
      });
      inFlight.add(batch);
    }
    if (claimed > 0 || rowsInFlight >= engineSettings.maxInFlight) {
      if (Number.isFinite(rateWaitMs)) await sleep(Math.max(2, Math.min(rateWaitMs, 100)));
      else if (rowsInFlight >= engineSettings.maxInFlight) await sleep(5);
      continue;
    }
    if (Number.isFinite(rateWaitMs)) {
      await sleep(Math.max(2, Math.min(rateWaitMs, 100)));
      continue;
    }
    // Nothing ready: wait for what becomes ready within the budget (a back-off, a dead worker's lease), else end.
    await Promise.all(inFlight);
    const next = await outbox.nextReadyMoment(db, engineSettings.claimLeaseMs);
    const remaining = budgetMs - (Date.now() - started);
    if (!next || next.getTime() - Date.now() > Math.min(remaining, engineSettings.idleWaitMs + engineSettings.claimLeaseMs)) break;
    await sleep(Math.max(20, Math.min(next.getTime() - Date.now(), 1_000)));
  }
  await Promise.all(inFlight);
  await finishActions(ctx);
  const next = await outbox.nextReadyMoment(db, engineSettings.claimLeaseMs);
  return next && next.getTime() <= Date.now() + 1_000 && isSendingAllowed(new Date(), mode) ? 'more' : 'drained';
};
