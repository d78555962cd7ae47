import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { MessageSendError, type TextChannel, type TextChannelProvider } from '../../../providers/messaging/index.js';
import { notifyWhatsAppOverflow } from './messaging-notifications.js';
import { localMoment } from '../local-time.js';
import { isSendingAllowed, nextSendingMoment } from '../sending-hours.js';
import { createMessageRenderer, type MessageRenderer } from '../templates/render.js';
import { kickTemplateSync } from '../whatsapp-templates/template-sync.js';
import { isWhatsAppUnreachableCode } from '../../../providers/messaging/whatsapp-cloud/channel.js';
import { recordWhatsAppOptOut, recordWhatsAppUnreachable, reserveWhatsAppRecipient } from './daily-tier.repository.js';
import { engineSettings } from './engine-settings.js';
import { finishActions } from './finish-actions.js';
import * as outbox from './outbox.repository.js';
import { skipReasonOf } from './skip-reason.js';

const CHANNELS: TextChannel[] = [3, 1];
/** The share of the claim's lease a send may take before the engine stops waiting for it. */
const SEND_SHARE_OF_LEASE = 0.8;

/** A channel that had nothing ready is asked again after this (fallback SMS rows wait at most this long). */
const EMPTY_CHANNEL_PAUSE_MS = 250;
const RELEASE_AFTER_ERROR_MS = 1_000;
/** Provider codes that mean the guest asked not to be messaged at all: never a reason to try SMS instead. */
const OPT_OUT_CODES = new Set(['optedOut']);
/** Meta 131050: the guest stopped marketing messages on WhatsApp — this event's messages to them go by SMS from now. */
export const WHATSAPP_OPT_OUT_CODE = '131050';
/** The reason of a WhatsApp row not sent because WhatsApp already said it cannot reach the guest (131026…) for this event: it went by SMS. */
export const WHATSAPP_UNREACHABLE_REASON = 'whatsappUnreachable';
/** A WhatsApp row whose template Meta has not approved yet is asked again after this (or at once when a template of its event is approved)… */
export const TEMPLATE_WAIT_MS = 10 * 60_000;
/** …and goes by SMS once it has waited this long since it was frozen. */
export const TEMPLATE_WAIT_LIMIT_MS = 12 * 60 * 60_000;
/** A send refused for the whole account (a bad token, a wrong number id, a template mismatch): the row waits this long, its attempt given back. */
export const ACCOUNT_WIDE_HOLD_MS = 15 * 60_000;
/** The invitation rounds: only they may wait for tomorrow's tier (a direction or a thank-you is due now). */
const INVITATION_ACTIONS = new Set<string>(['round1', 'round2', 'round3']);

export const isFallbackWorthy = (reason: string | null): boolean => !OPT_OUT_CODES.has(reason ?? '');

const providerOf = (ctx: AppContext, channel: TextChannel): TextChannelProvider =>
  channel === 3 ? ctx.messaging.whatsapp : ctx.messaging.sms;
const rateOf = (ctx: AppContext, channel: TextChannel): number =>
  channel === 3 ? ctx.config.messaging.whatsappRatePerSecond : ctx.config.messaging.smsRatePerSecond;

/**
 * A WhatsApp row that ended failed gets its one SMS row (the pump or the next dispatch sends it). 131050 also
 * records the guest's WhatsApp opt-out for the event, 131026 and the other permanent recipient codes the guest as
 * unreachable on WhatsApp for the event: either way its later actions go to them by SMS directly.
 */
export const fallBackToSms = async (
  ctx: AppContext,
  row: { id: string; channel: number },
  reason: string | null,
  /** Where the writes go: a transaction handle lets a caller make them part of its own transaction. */
  conn: Pick<AppContext['db'], 'execute'> = ctx.db,
): Promise<boolean> => {
  if (row.channel !== 3 || !isFallbackWorthy(reason)) return false;
  if (reason === WHATSAPP_OPT_OUT_CODE) await recordWhatsAppOptOut(conn, row.id);
  else if (isWhatsAppUnreachableCode(reason)) await recordWhatsAppUnreachable(conn, row.id, reason!);
  return outbox.insertSmsFallback(conn, row.id);
};

/** A WhatsApp row that will not go by WhatsApp: its SMS row first (the action never looks drained between), then it ends skipped. */
const moveToSms = async (ctx: AppContext, row: outbox.ClaimedRow, reason: string): Promise<void> => {
  await outbox.insertSmsFallback(ctx.db, row.id);
  await outbox.markSkipped(ctx.db, row.id, reason, row.claimToken);
};

/** What one batch of sends shares: the events whose template sync it already asked for, or whose host it told of the tier. */
interface BatchState {
  templateSyncKicked: Set<string>;
  overflowNoticed: Set<string>;
  /** An account-wide send error was logged already (one operator alert per batch). */
  accountWideLogged: boolean;
}

/** Meta has not approved this row's template yet: it waits (its attempt given back) while the sync is asked to hurry, or goes by SMS after 12 hours. */
const waitForTemplate = async (ctx: AppContext, row: outbox.ClaimedRow, batch: BatchState): Promise<void> => {
  if (Date.now() - row.createdAt.getTime() > TEMPLATE_WAIT_LIMIT_MS) return moveToSms(ctx, row, 'templateNotApproved');
  // The reason marks it as waiting for a template: an approval wakes it at once (wakeTemplateWaiters).
  await outbox.releaseClaim(ctx.db, row.id, new Date(Date.now() + TEMPLATE_WAIT_MS), { refund: true, reason: outbox.TEMPLATE_WAIT_REASON, claimToken: row.claimToken });
  if (batch.templateSyncKicked.has(row.eventId)) return;
  batch.templateSyncKicked.add(row.eventId);
  await kickTemplateSync(ctx, row.eventId).catch((error: unknown) => ctx.logger.warn({ err: error, eventId: row.eventId }, 'template sync not queued; its sweep catches up'));
};

/**
 * Today's WhatsApp tier of unique recipients (WHATSAPP_DAILY_RECIPIENTS) is spent: the row goes by SMS now or waits
 * for tomorrow's first sending moment, as the event chose — waiting only for an invitation round, and only while
 * tomorrow's first sending moment is still before the event's day (else it goes by SMS). The host is told once per
 * event and day (the notice row's key); a batch asks for it once per event.
 */
const overflow = async (ctx: AppContext, row: outbox.ClaimedRow, guest: outbox.GuestForSending, day: string, batch: BatchState): Promise<void> => {
  const tomorrow = nextSendingMoment(localMoment(addDays(day, 1), 0), ctx.config.messaging.sendingHours);
  const mode =
    guest.whatsappOverflow === 'wait' && INVITATION_ACTIONS.has(row.action) && tomorrow.getTime() < localMoment(guest.eventDate, 0).getTime() ? 'wait' : 'sms';
  if (mode === 'wait') await outbox.releaseClaim(ctx.db, row.id, tomorrow, { refund: true, reason: outbox.WAITING_REASON, claimToken: row.claimToken });
  else await moveToSms(ctx, row, 'dailyLimit');
  if (batch.overflowNoticed.has(row.eventId)) return;
  batch.overflowNoticed.add(row.eventId);
  await notifyWhatsAppOverflow(ctx, row.eventId, day, mode);
};

/**
 * The provider refused the send for the whole account (our setup, not the guest): the row waits ACCOUNT_WIDE_HOLD_MS
 * with its attempt given back — no SMS instead, no failure. The operators hear once per batch (no guest data).
 */
const holdForAccount = async (ctx: AppContext, row: outbox.ClaimedRow, error: MessageSendError, batch: BatchState): Promise<void> => {
  await outbox.releaseClaim(ctx.db, row.id, new Date(Date.now() + ACCOUNT_WIDE_HOLD_MS), { refund: true, reason: error.code, claimToken: row.claimToken });
  if (batch.accountWideLogged) return;
  batch.accountWideLogged = true;
  ctx.logger.error(
    { channel: row.channel, code: error.code, provider: providerOf(ctx, row.channel).name },
    'messaging account refused a send (token, number id, account or template setup): rows held, operators must act',
  );
};

/**
 * Sends one claimed row. An error before the provider call (the database, a notice, the tier) gives the row back as
 * unsent; one after it keeps the claim, so the row is checked with the provider after the lease.
 */
const sendRow = async (
  ctx: AppContext,
  row: outbox.ClaimedRow,
  guest: outbox.GuestForSending | undefined,
  renderer: MessageRenderer,
  batch: BatchState,
): Promise<void> => {
  const call = { started: false };
  try {
    await trySendRow(ctx, row, guest, renderer, batch, call);
  } catch (error) {
    if (call.started) throw error;
    await releaseUnsent(ctx, [row], error);
  }
};

const trySendRow = async (
  ctx: AppContext,
  row: outbox.ClaimedRow,
  guest: outbox.GuestForSending | undefined,
  renderer: MessageRenderer,
  batch: BatchState,
  call: { started: boolean },
): Promise<void> => {
  const { db } = ctx;
  const provider = providerOf(ctx, row.channel);
  const fence = row.claimToken;
  if (row.previousClaim && row.callStarted) {
    // The worker that claimed it before died or hung mid-call: the provider may have the message already. Asked
    // first, before anything could give the row back (a pause, the window): until the provider says it has not got
    // it, the row may have gone, so an error here keeps the claim instead of releasing it as unsent.
    // (A claim that never reached the call — call_started_at unset — is simply sent.)
    call.started = true;
    let found: Awaited<ReturnType<TextChannelProvider['lookup']>>;
    try {
      found = await provider.lookup(row.id);
    } catch (error) {
      ctx.logger.warn({ err: error, outboxId: row.id }, 'outbox lookup failed; claim kept for a later check');
      return;
    }
    if (found === 'unsupported') {
      // At most once beats a double message. WhatsApp: counted sent, never repeated there (a status webhook
      // echoing the row id completes it, else the delivery timeout sends the SMS). SMS: failed, the host may retry by hand.
      if (row.channel === 3) await outbox.markUncertainSent(db, row.id, row.previousClaim);
      else await outbox.markFailed(db, row.id, 'uncertain', null, fence);
      return;
    }
    if (found.known) {
      await outbox.markSent(db, row.id, { providerMessageId: found.providerMessageId, text: null, smsParts: null });
      return;
    }
    call.started = false;
  }
  if (!guest) return outbox.markSkipped(db, row.id, 'deleted', fence);
  if (guest.paused) return outbox.releaseClaim(db, row.id, new Date(Date.now() + 60_000), { refund: true, claimToken: fence });
  const mode = ctx.config.messaging.sendingHours;
  if (!isSendingAllowed(new Date(), mode)) return outbox.releaseClaim(db, row.id, nextSendingMoment(new Date(), mode), { refund: true, claimToken: fence });

  // A fallback SMS whose WhatsApp message got delivered meanwhile (a late webhook, quiet hours): not sent.
  if (row.fallbackOf && (row.originState === 'delivered' || row.originState === 'read')) return outbox.markSkipped(db, row.id, 'deliveredLate', fence);
  const skip = skipReasonOf(row.action, guest);
  if (skip) return outbox.markSkipped(db, row.id, skip, fence);
  if (row.channel === 3 && guest.whatsappOptedOut) return moveToSms(ctx, row, WHATSAPP_OPT_OUT_CODE);
  // WhatsApp already failed this guest for good in this event (frozen before that failure came): SMS, no second failed WhatsApp.
  if (row.channel === 3 && guest.whatsappUnreachable) return moveToSms(ctx, row, WHATSAPP_UNREACHABLE_REASON);

  let rendered: ReturnType<MessageRenderer['render']>;
  try {
    rendered = renderer.render({ guest, action: row.action, channel: row.channel });
  } catch (error) {
    return releaseUnsent(ctx, [row], error);
  }
  if (rendered.templateNotReady) return waitForTemplate(ctx, row, batch);
  const limit = ctx.config.messaging.whatsappDailyRecipients;
  if (row.channel === 3 && limit !== null) {
    const day = todayInBusinessZone();
    if (!(await reserveWhatsAppRecipient(db, day, guest.phoneNumber, limit))) return overflow(ctx, row, guest, day, batch);
  }
  const smsParts = row.channel === 1 ? rendered.smsParts : null;
  const renewed = await outbox.renewClaim(db, row.id, row.claimToken);
  if (renewed === null) {
    // This worker stalled past the lease and another took the row over: it sends, not this one.
    ctx.logger.warn({ outboxId: row.id }, 'claim taken over by another worker; not sent here');
    return;
  }
  row.claimToken = renewed;
  // Checked again right before the call: a lookup or a slow batch may have carried it past the window's end.
  if (!isSendingAllowed(new Date(), mode)) return outbox.releaseClaim(db, row.id, nextSendingMoment(new Date(), mode), { refund: true, claimToken: renewed });
  call.started = true;
  try {
    const accepted = await provider.send({
      outboxId: row.id,
      channel: row.channel,
      to: guest.phoneNumber,
      text: rendered.text,
      lang: guest.lang,
      template: rendered.template,
      // Given up well inside the lease renewed above, so no provider takes it once another worker may re-check it.
      signal: AbortSignal.timeout(Math.floor(engineSettings.claimLeaseMs * SEND_SHARE_OF_LEASE)),
    });
    await outbox.markSent(db, row.id, { providerMessageId: accepted.providerMessageId, text: rendered.text, smsParts });
  } catch (error) {
    if (!(error instanceof MessageSendError) || error.outcomeUnknown) {
      // It may have gone: the claim stays, and after its lease the provider is asked before anything is resent.
      ctx.logger.warn({ err: error, outboxId: row.id }, 'send outcome unknown; checked with the provider after the lease');
      return;
    }
    if (error.accountWide) return holdForAccount(ctx, row, error, batch);
    if (error.permanent || row.attempts >= engineSettings.maxAttempts) {
      // The SMS row first: between the two, the action must not look drained (finished) to another worker.
      await fallBackToSms(ctx, row, error.code);
      await outbox.markFailed(db, row.id, error.code, rendered.text, renewed);
      return;
    }
    const backOff = engineSettings.retryBaseMs * 2 ** Math.max(0, row.attempts - 1);
    await outbox.releaseClaim(db, row.id, new Date(Date.now() + backOff), { refund: false, reason: error.code, claimToken: renewed });
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
        ? outbox.markFailed(ctx.db, row.id, 'internal', null, row.claimToken)
        : outbox.releaseClaim(ctx.db, row.id, new Date(Date.now() + RELEASE_AFTER_ERROR_MS * row.attempts), { refund: false, claimToken: row.claimToken });
    await Promise.resolve(giveBack).catch((releaseError: unknown) => ctx.logger.error({ err: releaseError, outboxId: row.id }, 'claim kept until its lease'));
  }
};

/** Loads an event's message renderer (its texts, settings and templates: four reads). */
export type RendererLoader = (ctx: AppContext, eventId: string) => Promise<MessageRenderer>;

/** The renderers of one pump, one per event, loaded on first use; a failed load is forgotten so the next batch tries again. */
const pumpRenderers = (ctx: AppContext, load: RendererLoader) => {
  const cache = new Map<string, Promise<MessageRenderer>>();
  return (eventId: string): Promise<MessageRenderer> => {
    let renderer = cache.get(eventId);
    if (!renderer) {
      renderer = load(ctx, eventId);
      cache.set(eventId, renderer);
      renderer.catch(() => cache.delete(eventId));
    }
    return renderer;
  };
};

const sendBatch = async (ctx: AppContext, rows: outbox.ClaimedRow[], rendererOf: (eventId: string) => Promise<MessageRenderer>): Promise<void> => {
  let guests: Map<string, outbox.GuestForSending>;
  const renderers = new Map<string, MessageRenderer>();
  try {
    guests = new Map((await outbox.readGuestsForSending(ctx.db, [...new Set(rows.map((row) => row.guestId))])).map((g) => [g.id, g]));
    const eventIds = [...new Set(rows.map((row) => row.eventId))];
    const loaded = await Promise.all(eventIds.map((eventId) => rendererOf(eventId)));
    eventIds.forEach((eventId, i) => renderers.set(eventId, loaded[i]!));
  } catch (error) {
    return releaseUnsent(ctx, rows, error);
  }
  const batch: BatchState = { templateSyncKicked: new Set(), overflowNoticed: new Set(), accountWideLogged: false };
  await Promise.all(
    rows.map(async (row) => {
      try {
        await sendRow(ctx, row, guests.get(row.guestId), renderers.get(row.eventId)!, batch);
      } catch (error) {
        // The claim stays: after its lease the row is checked with the provider and sent at most once.
        ctx.logger.error({ err: error, outboxId: row.id }, 'outbox row not handled');
      }
    }),
  );
};

/**
 * Sends ready rows until none are left or the budget is spent, at each channel's rate shared by every process,
 * taking events in turns. Answers 'more' when ready rows remain for the next dispatch job. Each event's message
 * renderer is loaded once per pump (not once per batch); a pump ends within its budget, so an edited text is seen
 * by the next one.
 */
export const pumpOutbox = async (
  ctx: AppContext,
  budgetMs = engineSettings.pumpBudgetMs,
  loadRenderer: RendererLoader = createMessageRenderer,
): Promise<'drained' | 'more'> => {
  const { db } = ctx;
  const rendererOf = pumpRenderers(ctx, loadRenderer);
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
      const batch: Promise<void> = sendBatch(ctx, rows, rendererOf).finally(() => {
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
