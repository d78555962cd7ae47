import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import { serializeError } from '../../../platform/logger.js';
import type { DeliveryReport, InboundReply, WhatsAppWebhookEvent } from '../../../providers/messaging/index.js';
import { parse019Blacklist, parse019Dlr, parse019Inbound } from '../../../providers/messaging/sms019/index.js';
import { parseWhatsAppWebhook } from '../../../providers/messaging/whatsapp-cloud/webhook-events.js';
import { applyReport } from '../engine/outbox.repository.js';
import { kickDispatch } from '../engine/dispatch-job.js';
import { applyDeliveryReport, followDeliveryReportIn } from '../inbox.js';
import { handleInboundReplyIn, sendSessionMessages } from '../replies/handle-reply.js';
import { findMessagedGuests } from '../replies/opt-outs.repository.js';
import { optOutOfEvent } from '../replies/opt-outs.service.js';
import { applyWhatsAppTemplateUpdate } from '../whatsapp-templates/template-sync.js';
import * as repo from './webhook-inbox.repository.js';

/** Rows claimed at once (a claim holds for WEBHOOK_LEASE_SECONDS: a processor that died leaves them to the next after it). */
export const WEBHOOK_BATCH = 100;
/** A row that failed this often is closed with its error (and a log line) instead of being tried again. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** Template events of a batch applied side by side, few (each holds a connection for its key and takes another to apply); guests' messages go one by one, in order; statuses together. */
const PARALLEL = 2;

/** An error fit for a table and a log: no query values, no phone-like digit runs, bounded. */
const errorTextOf = (error: unknown): string => {
  const e = serializeError(error);
  return `${e.type}: ${e.message}`.replace(/\+?\d[\d\s-]{5,}\d/g, '#').slice(0, 300);
};

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Applies `apply` once per provider event: the key is written in the same transaction (a replay finds it and does nothing). */
const once = async <T>(ctx: AppContext, source: string, key: string, apply: (tx: Tx) => Promise<T>) =>
  ctx.db.transaction(async (tx) => ((await repo.rememberWebhookEvent(tx, source, key)) ? { value: await apply(tx) } : null));

type StatusTask = { rowId: number; key: string; report: DeliveryReport };

/**
 * A batch's statuses in one transaction: their keys written at once (replays drop out), then each new one moves its
 * row forward (applyReport) and what follows the move (an SMS fallback, an SMS opt-out) is written in the same
 * transaction, each status in its own savepoint: one that fails is rolled back with its key forgotten (its webhook
 * row is tried again) and the rest commit. A status for a message that is not an outbox row (our free-form
 * follow-ups carry no callback data) matches nothing and is dropped. The dispatcher is kicked after the commit.
 */
const applyWhatsAppStatuses = async (ctx: AppContext, statuses: StatusTask[], failed: Map<number, unknown>): Promise<void> => {
  if (statuses.length === 0) return;
  const kick = await ctx.db.transaction(async (tx) => {
    const fresh = await repo.rememberWebhookEvents(tx, 'whatsapp-status', [...new Set(statuses.map((status) => status.key))]);
    let added = false;
    for (const status of statuses) {
      if (!fresh.delete(status.key)) continue;
      try {
        added =
          (await tx.transaction(async (savepoint) => {
            const row = await applyReport(savepoint, status.report);
            return row !== 'unchanged' && row !== 'unknown' ? followDeliveryReportIn(ctx, savepoint, status.report, row) : false;
          })) || added;
      } catch (error) {
        await repo.forgetWebhookEvent(tx, 'whatsapp-status', status.key);
        failed.set(status.rowId, error);
      }
    }
    return added;
  });
  if (kick) await kickDispatch(ctx);
};

const applyReply = async (ctx: AppContext, source: string, key: string, reply: InboundReply): Promise<void> => {
  const done = await once(ctx, source, key, (tx) => handleInboundReplyIn(ctx, tx, reply));
  // Sent after the commit: never while the transaction is open, and never for a replay.
  if (done) await sendSessionMessages(ctx, done.value);
};

/** 019 blocked a number on its owner's request: every event that messaged it (by any channel) opts it out. */
const applyBlacklist = async (ctx: AppContext, key: string, phone: string): Promise<void> => {
  const done = await once(ctx, 'sms-blacklist', key, async (tx) => {
    const messaged = await findMessagedGuests(tx, phone, null);
    for (const guest of messaged) await optOutOfEvent(ctx, guest.eventId, guest.phoneNumber, 'sms', tx);
    return messaged.length;
  });
  if (done) ctx.logger.info({ events: done.value }, '019 blacklist push applied');
};

type Task = { rowId: number; ordered: boolean; run: () => Promise<void> };

/** A body that cannot be read (not JSON): no retry will read it either, so its row is given up at once. */
class UnreadableBody extends Error {
  override name = 'UnreadableBody';
}

const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new UnreadableBody('body is not JSON');
  }
};

/** Changes addressed to another phone number of the business account than ours (metadata.phone_number_id) are dropped. */
const ownChangesOf = (ctx: AppContext, parsed: unknown): unknown => {
  const ours = ctx.config.whatsapp.provider === 'whatsapp-cloud' ? ctx.config.whatsapp.phoneNumberId : null;
  if (!ours || typeof parsed !== 'object' || parsed === null) return parsed;
  const entries = (parsed as { entry?: unknown }).entry;
  if (!Array.isArray(entries)) return parsed;
  const entry = entries.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return item;
    const changes = (item as { changes?: unknown }).changes;
    if (!Array.isArray(changes)) return item;
    return {
      ...item,
      changes: changes.filter((change: unknown) => {
        const id = (change as { value?: { metadata?: { phone_number_id?: unknown } } } | null)?.value?.metadata?.phone_number_id;
        return id === undefined || id === null || String(id) === ours;
      }),
    };
  });
  return { ...parsed, entry };
};

const whatsappTasks = (ctx: AppContext, rowId: number, body: string, statuses: StatusTask[]): Task[] => {
  const events: WhatsAppWebhookEvent[] = parseWhatsAppWebhook(ownChangesOf(ctx, parseJson(body)));
  const tasks: Task[] = [];
  for (const event of events) {
    if (event.kind === 'status') statuses.push({ rowId, key: event.key, report: event.report });
    else if (event.kind === 'template') tasks.push({ rowId, ordered: false, run: async () => void (await once(ctx, 'whatsapp-template', event.key, () => applyWhatsAppTemplateUpdate(ctx, event))) });
    else tasks.push({ rowId, ordered: true, run: () => applyReply(ctx, 'whatsapp-message', event.key, event.reply) });
  }
  return tasks;
};

/** 019 posts forms; TextMe-style JSON objects are read too. Values are kept as strings. */
export const formOf = (body: string): Record<string, string> => {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    const parsed = parseJson(trimmed);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter(([, value]) => ['string', 'number'].includes(typeof value))
        .map(([name, value]) => [name, String(value)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
};

/**
 * What 019's status query says about these SMS rows, applied (the pushed report is only a hint); checked_at
 * stamped. Without a query (the sandbox) nothing happens.
 */
export const confirmSmsStatuses = async (ctx: AppContext, rows: repo.SmsRowToCheck[]): Promise<number> => {
  const query = ctx.messaging.sms.queryStatus?.bind(ctx.messaging.sms);
  if (!query || rows.length === 0) return 0;
  const reports = await query(rows.map((row) => ({ outboxId: row.id, providerMessageId: row.providerMessageId })));
  let moved = 0;
  // Each report with what follows it in its own transaction; one that fails does not stop the others (it is thrown after them).
  let failure: unknown;
  for (const report of reports) {
    try {
      const result = await applyDeliveryReport(ctx, report, { waitForUnknown: false });
      if (result !== 'unchanged' && result !== 'unknown') moved++;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  await repo.markSmsRowsChecked(ctx.db, rows.map((row) => row.id));
  return moved;
};

/** A pushed report 019's status query did not confirm yet: its rows are asked about again this long after the push. */
export const SMS_RECHECK_AFTER_SECONDS = [60, 5 * 60, 15 * 60] as const;
export const SMS_RECHECK_JOB = 'messaging.sms.recheck';

type SmsRecheck = { ids: string[]; step: number };

/** Queues the re-check `step` (0, 1, 2) of these rows, timed from the push (about 1, 5 and 15 minutes after it). */
const scheduleSmsRecheck = async (ctx: AppContext, ids: string[], step: number): Promise<void> => {
  const at = SMS_RECHECK_AFTER_SECONDS[step];
  if (at === undefined || ids.length === 0) return;
  const after = at - (step === 0 ? 0 : SMS_RECHECK_AFTER_SECONDS[step - 1]!);
  await ctx.jobs.send(smsRecheckJob(ctx), { ids, step }, { startAfterSeconds: after });
};

/**
 * One re-check: what 019's status query says now is applied; rows still unconfirmed get the next re-check, and
 * after the last one they are the periodic status check's (every SMS still `sent` is asked about while it lasts).
 */
export const recheckSmsRows = async (ctx: AppContext, data: SmsRecheck): Promise<{ confirmed: number; unsettled: number }> => {
  const rows = await repo.findUnsettledSmsRows(ctx.db, data.ids);
  if (rows.length === 0) return { confirmed: 0, unsettled: 0 };
  const confirmed = await confirmSmsStatuses(ctx, rows);
  const unsettled = await repo.findUnsettledSmsRows(ctx.db, rows.map((row) => row.id));
  await scheduleSmsRecheck(ctx, unsettled.map((row) => row.id), data.step + 1);
  return { confirmed, unsettled: unsettled.length };
};

export const smsRecheckJob = (ctx: AppContext): JobDefinition<SmsRecheck> => ({
  name: SMS_RECHECK_JOB,
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  schema: z.object({ ids: z.array(z.string()), step: z.number().int().min(0) }),
  handle: async (data) => {
    await recheckSmsRows(ctx, data);
  },
});

/**
 * One status query for every DLR hint of the batch that was not seen before. Only a report the query confirmed (its
 * row now delivered or failed, or not ours) counts as applied: an unconfirmed one is not remembered — the same
 * report arriving again is looked at again, not ignored as a replay — and its rows are re-checked later.
 */
const confirmDlrHints = async (ctx: AppContext, hints: { key: string; outboxId: string }[]): Promise<void> => {
  const fresh = new Map<string, string>();
  for (const hint of hints) if (!fresh.has(hint.key)) fresh.set(hint.key, hint.outboxId);
  const rows = await repo.findSmsRows(ctx.db, [...new Set(fresh.values())]);
  await confirmSmsStatuses(ctx, rows);
  // Without a status query (the sandbox) nothing can confirm a report: it is applied as it was.
  const unsettled = ctx.messaging.sms.queryStatus ? new Set((await repo.findUnsettledSmsRows(ctx.db, rows.map((row) => row.id))).map((row) => row.id)) : new Set<string>();
  await repo.rememberWebhookEvents(ctx.db, 'sms-dlr', [...fresh].filter(([, outboxId]) => !unsettled.has(outboxId)).map(([key]) => key));
  await scheduleSmsRecheck(ctx, [...unsettled], 0);
};

/** The batch's time budget: a task starts only while it lasts (the first always does); rows with a task left over wait for the next batch. */
type Budget = { until: number; started: number; deferred: Set<number> };

const mayStart = (budget: Budget, rowId: number): boolean => {
  if (budget.started > 0 && Date.now() >= budget.until) {
    budget.deferred.add(rowId);
    return false;
  }
  budget.started += 1;
  return true;
};

const runLimited = async (tasks: Task[], limit: number, failed: Map<number, unknown>, budget: Budget): Promise<void> => {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      if (failed.has(task.rowId) || !mayStart(budget, task.rowId)) continue;
      try {
        await task.run();
      } catch (error) {
        failed.set(task.rowId, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
};

/**
 * Applies claimed rows: each row ends processed (its body blanked, the hash kept), or failed (counted, tried again
 * later, closed after the limit or at once when unreadable), or, when the budget ran out before its tasks started,
 * released for the next batch. Answers how many were deferred.
 */
export const processWebhookRows = async (ctx: AppContext, rows: repo.ClaimedWebhook[], until = Number.POSITIVE_INFINITY): Promise<{ deferred: number }> => {
  const failed = new Map<number, unknown>();
  const budget: Budget = { until, started: 0, deferred: new Set() };
  const unordered: Task[] = [];
  const ordered: Task[] = [];
  const dlrHints: { rowId: number; key: string; outboxId: string }[] = [];
  const statuses: StatusTask[] = [];
  for (const row of rows) {
    try {
      if (row.source === 'whatsapp') {
        const found: StatusTask[] = [];
        for (const task of whatsappTasks(ctx, row.id, row.body, found)) (task.ordered ? ordered : unordered).push(task);
        statuses.push(...found);
      } else if (row.source === 'sms-dlr') {
        for (const hint of parse019Dlr(formOf(row.body))) if (hint.outboxId) dlrHints.push({ rowId: row.id, key: hint.key, outboxId: hint.outboxId });
      } else if (row.source === 'sms-blacklist') {
        for (const { key, phone } of parse019Blacklist(formOf(row.body))) ordered.push({ rowId: row.id, ordered: true, run: () => applyBlacklist(ctx, key, phone) });
      } else {
        for (const { key, reply } of parse019Inbound(formOf(row.body))) ordered.push({ rowId: row.id, ordered: true, run: () => applyReply(ctx, 'sms-inbound', key, reply) });
      }
    } catch (error) {
      failed.set(row.id, error);
    }
  }

  try {
    // One transaction for all of them, started whatever the budget (it is one task).
    if (statuses.length > 0) budget.started += 1;
    await applyWhatsAppStatuses(ctx, statuses, failed);
  } catch (error) {
    for (const status of statuses) failed.set(status.rowId, error);
  }
  await runLimited(unordered, PARALLEL, failed, budget);
  await runLimited(ordered, 1, failed, budget);
  if (dlrHints.length > 0) {
    if (budget.started > 0 && Date.now() >= budget.until) {
      for (const hint of dlrHints) budget.deferred.add(hint.rowId);
    } else {
      try {
        const seen = await repo.rememberedWebhookEvents(ctx.db, 'sms-dlr', dlrHints.map((hint) => hint.key));
        await confirmDlrHints(ctx, dlrHints.filter((hint) => !seen.has(hint.key)));
      } catch (error) {
        for (const hint of dlrHints) failed.set(hint.rowId, error);
      }
    }
  }

  const deferred = rows.filter((row) => budget.deferred.has(row.id) && !failed.has(row.id)).map((row) => row.id);
  await repo.releaseWebhooks(ctx.db, deferred);
  await repo.markWebhooksProcessed(
    ctx.db,
    rows.filter((row) => !failed.has(row.id) && !budget.deferred.has(row.id)).map((row) => row.id),
  );
  for (const row of rows) {
    const error = failed.get(row.id);
    if (error === undefined) continue;
    const giveUp = error instanceof UnreadableBody || row.attempts + 1 >= WEBHOOK_MAX_ATTEMPTS;
    const text = errorTextOf(error);
    await repo.markWebhookFailed(ctx.db, row.id, text, giveUp);
    if (giveUp) ctx.logger.error({ webhookId: row.id, source: row.source, attempts: row.attempts + 1, error: text }, 'webhook given up');
    else ctx.logger.warn({ webhookId: row.id, source: row.source, attempts: row.attempts + 1, error: text }, 'webhook processing failed; tried again later');
  }
  return { deferred: deferred.length };
};

/** Claims and applies batches until none is left or `budgetMs` is spent (checked before each task); `more` when rows may be waiting still. */
export const processWebhooks = async (ctx: AppContext, budgetMs = 20_000): Promise<{ processed: number; more: boolean }> => {
  const leaseMs = ctx.config.messaging.webhookLeaseMs;
  // A claim outlives the work on it: a batch is started only while a third of the lease is left.
  const until = Date.now() + Math.min(budgetMs, leaseMs / 3);
  let processed = 0;
  while (Date.now() < until) {
    const rows = await repo.claimWebhooks(ctx.db, WEBHOOK_BATCH, leaseMs);
    if (rows.length === 0) return { processed, more: false };
    const { deferred } = await processWebhookRows(ctx, rows, until);
    processed += rows.length - deferred;
    if (deferred > 0) return { processed, more: true };
    // Between batches the event loop serves others first (the API may share this process).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { processed, more: true };
};
