import { z } from 'zod';
import { addDays, todayInBusinessZone, type Lang, type TemplatePurpose, type TemplateStatus } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { StoredEventImage } from '../../../db/schema/events.js';
import type { MessageTemplateRow } from '../../../db/schema/messaging.js';
import type { WhatsAppTemplateRow, WhatsAppTemplateState } from '../../../db/schema/whatsapp.js';
import type { WhatsAppTemplateApi, WhatsAppTemplateInfo, WhatsAppWebhookEvent } from '../../../providers/messaging/index.js';
import { eventOgImageUrl } from '../../event-images/event-image.js';
import { DEFAULT_TEXTS } from '../templates/default-texts.js';
import { listTemplates } from '../templates/templates.repository.js';
import { draftOf, newTemplateName } from './template-drafts.js';
import * as repo from './whatsapp-templates.repository.js';
import { wakeTemplateWaiters } from '../engine/dispatch-job.js';

/** A create cut off before its answer (a crash) is looked up by name after this long. */
export const SUBMITTING_STALE_MS = 10 * 60_000;
/** Templates of an event this many days past its day are deleted on Meta (the thank-you went the day after). */
export const DELETE_AFTER_DAYS = 7;
/** A default text Meta refused (rejected, disabled, or refused at create) is not submitted again for this long. */
export const DEFAULT_REFUSAL_HOLD_MS = 24 * 60 * 60_000;
/** Meta's refusals of a template for good (a pause ends by itself). */
const REFUSED = new Set<WhatsAppTemplateState>(['rejected', 'disabled']);

const LIVE = new Set<WhatsAppTemplateState>(repo.LIVE_STATES);

/** The host's texts that stand for their slot: Meta did not refuse or stop them. */
const UNUSABLE: TemplateStatus[] = ['rejected', 'paused', 'disabled'];

/**
 * The event image as a template header: the 1200×630 JPEG rendition, absolute (Meta takes JPEG or PNG only,
 * and the page renditions are WebP). Null without an image.
 */
export const templateImageUrlOf = (ctx: AppContext, image: StoredEventImage | null): string | null => {
  const url = eventOgImageUrl(ctx.storage, image);
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.config.appUrl}${url}` : url;
};

interface Slot {
  purpose: TemplatePurpose;
  round: number;
  lang: Lang;
}

/**
 * Invitation round 1, direction and thanks in every language; rounds 2 and 3 where the host wrote their own text;
 * the save-the-date (issue 32) while the host has it on.
 */
const slotsOf = (langs: Lang[], hosts: MessageTemplateRow[], saveTheDate: boolean): Slot[] =>
  langs.flatMap((lang) => [
    ...(saveTheDate ? [{ purpose: 'saveTheDate' as const, round: 1, lang }] : []),
    { purpose: 'invitation' as const, round: 1, lang },
    ...[2, 3]
      .filter((round) => hosts.some((h) => h.purpose === 'invitation' && h.round === round && h.lang === lang && !UNUSABLE.includes(h.status)))
      .map((round) => ({ purpose: 'invitation' as const, round, lang })),
    { purpose: 'direction' as const, round: 1, lang },
    { purpose: 'thanks' as const, round: 1, lang },
  ]);

const hostStatusOf = (state: WhatsAppTemplateState): TemplateStatus | null => {
  switch (state) {
    case 'submitting':
    case 'pending':
      return 'pendingApproval';
    case 'deleted':
      return null;
    default:
      return state;
  }
};

const recordInfo = (ctx: AppContext, rowId: string, info: WhatsAppTemplateInfo) =>
  repo.recordCreated(ctx.db, rowId, {
    providerId: info.providerId,
    status: info.status,
    category: info.category,
    reason: info.status === 'approved' || info.status === 'pending' ? null : info.reason,
  });

/** Meta's codes that say nothing about the template: the token or permissions (190, 10, 200), throttling (4, 80007, 130429). */
const NOT_ABOUT_THE_TEMPLATE = new Set([4, 10, 190, 200, 80007, 130429]);

/**
 * Meta answered and refused the template itself: a 4xx (the adapter's WhatsAppApiError carries the HTTP status and
 * Meta's code) other than auth, permissions and throttling. A call without an answer is no refusal.
 */
const isRefusal = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || [401, 403, 429].includes(status)) return false;
  return !(typeof code === 'number' && NOT_ABOUT_THE_TEMPLATE.has(code));
};

/**
 * Meta refused one of our own default texts: the operators must look (the text, the account's standing). Logged
 * once, when it happens; the sync does not submit that text again for DEFAULT_REFUSAL_HOLD_MS.
 */
const alertDefaultRefused = (ctx: AppContext, row: WhatsAppTemplateRow, status: WhatsAppTemplateState, reason: string | null, error?: unknown) => {
  ctx.logger.error(
    { ...(error ? { err: error } : {}), eventId: row.eventId, template: row.name, purpose: row.purpose, round: row.round, lang: row.lang, status, reason },
    'Meta refused a default WhatsApp template: not submitted again for 24 hours; its rows wait, then go by SMS',
  );
};

/**
 * A default slot whose own text Meta paused (wait: a pause ends by itself, a copy would be refused too) or refused
 * within the last DEFAULT_REFUSAL_HOLD_MS (no new submission: it would only loop refusal → kick → create).
 */
const defaultHeldBack = (rows: WhatsAppTemplateRow[], key: Slot & { text: string; withImage: boolean }, now: Date): boolean =>
  rows.some(
    (row) =>
      row.source === 'default' && row.purpose === key.purpose && row.round === key.round && row.lang === key.lang &&
      row.text === key.text && row.withImage === key.withImage &&
      (row.status === 'paused' ||
        (REFUSED.has(row.status) && now.getTime() - (row.reviewedAt ?? row.updatedAt).getTime() < DEFAULT_REFUSAL_HOLD_MS)),
  );

/**
 * Creates the claimed row's template on Meta. Answers false when Meta refused the template itself (a 4xx other
 * than auth and throttling: the row is rejected, so the slot falls back to the default); a call without an answer
 * leaves it 'submitting' for a later sync to look up by name.
 */
/** The event image can be a header; 'unknown' when it could not be read now (the next sync tries again). */
const headerImageUsable = async (ctx: AppContext, api: WhatsAppTemplateApi, imageUrl: string): Promise<boolean | 'unknown'> => {
  if (!api.headerImageUsable) return true;
  try {
    const usable = await api.headerImageUsable(imageUrl);
    if (!usable) ctx.logger.warn({ eventImage: true }, 'event image not usable as a WhatsApp header; templates made without one');
    return usable;
  } catch (error) {
    ctx.logger.warn({ err: error }, 'event image not read for a WhatsApp header; the sync tries again');
    return 'unknown';
  }
};

const createOnMeta = async (ctx: AppContext, api: WhatsAppTemplateApi, row: WhatsAppTemplateRow, imageUrl: string | null): Promise<boolean> => {
  if (row.withImage && !imageUrl) {
    // The image went between the claim and this call: a header without an image cannot be created.
    await repo.markTemplateDeleted(ctx.db, row.id);
    return true;
  }
  try {
    const info: WhatsAppTemplateInfo & { headerDropped?: true } = await api.create(draftOf(row, { appUrl: ctx.config.appUrl, imageUrl }));
    // The adapter made it without the header (the image changed since the check): the row says so, so no header is sent.
    if (info.headerDropped) await repo.setTemplateWithoutImage(ctx.db, row.id);
    await recordInfo(ctx, row.id, info);
    return true;
  } catch (error) {
    if (isRefusal(error)) {
      await repo.recordTemplateInfo(ctx.db, row.id, { status: 'rejected', reason: 'INVALID_FORMAT', reviewed: true });
      if (row.source === 'default') alertDefaultRefused(ctx, row, 'rejected', 'INVALID_FORMAT', error);
      else ctx.logger.warn({ err: error, eventId: row.eventId, template: row.name, source: row.source }, 'Meta refused to create a WhatsApp template');
      return false;
    }
    ctx.logger.error({ err: error, eventId: row.eventId, template: row.name }, 'WhatsApp template not created; the sync looks it up by name later');
    return true;
  }
};

/**
 * The host's texts follow the newest custom template made of their text (its approval, rejection with
 * Meta's reason, pause or disabling): what the host's screen shows.
 */
const mirrorHostTexts = async (ctx: AppContext, eventId: string): Promise<void> => {
  const [hostRows, rows] = await Promise.all([listTemplates(ctx.db, eventId), repo.listEventWhatsAppTemplates(ctx.db, eventId)]);
  for (const host of hostRows) {
    if (host.status === 'pendingPayment') continue;
    const made = rows.filter((r) => r.source === 'custom' && r.messageTemplateId === host.id && r.text === host.text && r.status !== 'deleted');
    const newest = made.at(-1);
    if (!newest) continue;
    let status = hostStatusOf(newest.status);
    if (!status) continue;
    // The same text again with another header (a new image) under review: the approved one still goes meanwhile.
    if (status === 'pendingApproval' && made.some((r) => r.status === 'approved')) status = 'approved';
    const reason = status === 'rejected' || status === 'paused' || status === 'disabled' ? newest.reason : null;
    if (host.status === status && host.reason === reason) continue;
    await repo.mirrorHostStatus(ctx.db, { messageTemplateId: host.id, revision: host.revision, text: host.text }, status, reason);
  }
};

/** Resolves a create a crash cut off: Meta has it (stored) or not (created now, under the same name). */
const resolveStaleSubmission = async (ctx: AppContext, api: WhatsAppTemplateApi, row: WhatsAppTemplateRow, imageUrl: string | null, now: Date) => {
  if (!(await repo.reclaimStaleSubmission(ctx.db, row.id, new Date(now.getTime() - SUBMITTING_STALE_MS)))) return;
  let found: WhatsAppTemplateInfo | null;
  try {
    found = await api.findByName(row.name);
  } catch (error) {
    ctx.logger.error({ err: error, eventId: row.eventId, template: row.name }, 'WhatsApp template lookup by name failed; tried again later');
    return;
  }
  if (found) await recordInfo(ctx, row.id, found);
  else await createOnMeta(ctx, api, row, imageUrl);
};

/**
 * Brings a paid event's templates on Meta in step with its texts (MESSAGING_PROVIDER=whatsapp-cloud; nothing
 * in the sandbox): every slot × language has a live template of its effective text (the host's, unless Meta
 * refused or stopped it, else the default), crashed creates are resolved, and the host's texts mirror Meta.
 * Each template is claimed in the database before Meta is called, so a replayed sync creates nothing twice.
 */
export const syncEventTemplates = async (ctx: AppContext, eventId: string, now: Date = new Date()): Promise<void> => {
  const api = ctx.messaging.whatsappCloud?.templates;
  if (!api) return;
  const event = await repo.findSyncEvent(ctx.db, eventId);
  if (!event) return;
  if (event.progressStatus <= 0) {
    // Unpaid again (an order cancelled): nothing is sent, so its templates leave Meta.
    await deleteEventTemplatesOnMeta(ctx, eventId);
    return;
  }
  // Past the deletion horizon nothing is created again (the daily deletion removes what is left).
  if (event.date < addDays(todayInBusinessZone(now), -DELETE_AFTER_DAYS)) return;
  const imageUrl = templateImageUrlOf(ctx, event.image);
  // Without WHATSAPP_APP_ID the adapter cannot upload the header's example, so templates are made without one.
  const headerUploads = ctx.config.whatsapp.provider !== 'whatsapp-cloud' || ctx.config.whatsapp.appId !== null;

  let existing = await repo.listEventWhatsAppTemplates(ctx.db, eventId);
  const stale = existing.filter((row) => row.status === 'submitting' && row.submittedAt && now.getTime() - row.submittedAt.getTime() > SUBMITTING_STALE_MS);
  for (const row of stale) await resolveStaleSubmission(ctx, api, row, imageUrl, now);
  if (stale.length > 0) existing = await repo.listEventWhatsAppTemplates(ctx.db, eventId);

  const hosts = (await listTemplates(ctx.db, eventId)).filter((host) => event.langs.includes(host.lang));
  let refused = false;
  let imageUsable: boolean | 'unknown' | undefined;
  for (const slot of slotsOf(event.langs, hosts, event.saveTheDate)) {
    const host = hosts.find((h) => h.purpose === slot.purpose && h.round === slot.round && h.lang === slot.lang && h.status !== 'pendingPayment');
    const usable = host && !UNUSABLE.includes(host.status) ? host : null;
    if (!usable && slot.round > 1) continue;
    const text = usable ? usable.text : DEFAULT_TEXTS[slot.purpose][slot.lang];
    let withImage = slot.purpose === 'invitation' && imageUrl !== null && headerUploads;
    const source = usable ? 'custom' : 'default';
    const liveWith = (image: boolean) =>
      existing.find(
        (row) =>
          row.purpose === slot.purpose && row.round === slot.round && row.lang === slot.lang && row.source === source &&
          row.text === text && row.withImage === image && LIVE.has(row.status),
      );
    // Most syncs find every slot in place: no claim (and no transaction) for those.
    let live = liveWith(withImage);
    if (!live && withImage) {
      // Only an image Meta takes (JPEG / PNG, ≤ 5 MB) makes a header; checked once per sync, before any create.
      imageUsable ??= await headerImageUsable(ctx, api, imageUrl!);
      if (imageUsable === 'unknown') continue;
      if (!imageUsable) {
        withImage = false;
        live = liveWith(false);
      }
    }
    if (live && (!usable || (live.messageTemplateId === usable.id && live.revision === usable.revision))) continue;
    if (!live && source === 'default' && defaultHeldBack(existing, { ...slot, text, withImage }, now)) continue;
    const { row, created } = await repo.claimTemplate(ctx.db, {
      eventId,
      ...slot,
      source,
      text,
      withImage,
      name: newTemplateName(eventId, slot.purpose, slot.round, slot.lang),
      messageTemplateId: usable?.id ?? null,
      revision: usable?.revision ?? null,
    });
    if (created) {
      if (!(await createOnMeta(ctx, api, row, imageUrl)) && usable) refused = true;
    } else if (usable && (row.messageTemplateId !== usable.id || row.revision !== usable.revision)) {
      await repo.adoptRevision(ctx.db, row.id, usable.id, usable.revision);
    }
  }
  await mirrorHostTexts(ctx, eventId);
  // A host text Meta refused outright is now rejected: the next sync gives its slot the default.
  if (refused) await kickTemplateSync(ctx, eventId);
};

/**
 * Meta's `message_template_status_update` (or a category change, or a periodic re-read): the row moves to Meta's
 * latest word, the host's text mirrors it, and a slot that lost its template is synced again (the default steps in).
 */
export const applyWhatsAppTemplateUpdate = async (ctx: AppContext, update: Extract<WhatsAppWebhookEvent, { kind: 'template' }>): Promise<void> => {
  const row = await repo.findTemplateByProviderIdOrName(ctx.db, update.providerId, update.name);
  if (!row) {
    ctx.logger.info({ template: update.name, providerId: update.providerId }, 'WhatsApp template update for a template we do not know; ignored');
    return;
  }
  if (row.status === 'deleted') return;
  const status = update.status;
  if (row.source === 'default' && status !== null && status !== row.status && REFUSED.has(status)) alertDefaultRefused(ctx, row, status, update.reason);
  if (row.source === 'default' && status === 'paused' && row.status !== 'paused') {
    ctx.logger.warn({ eventId: row.eventId, template: row.name, reason: update.reason }, 'Meta paused a default WhatsApp template: its rows wait for Meta');
  }
  await repo.recordTemplateInfo(ctx.db, row.id, {
    providerId: row.providerId ? null : update.providerId,
    status,
    category: update.category,
    ...(status === null ? {} : { reason: status === 'approved' || status === 'pending' ? null : update.reason }),
    reviewed: status !== null && status !== 'pending',
  });
  await mirrorHostTexts(ctx, row.eventId);
  if (status !== null && LIVE.has(row.status) && !LIVE.has(status)) await kickTemplateSync(ctx, row.eventId);
  // Rows waiting for this event's templates go now rather than after their wait.
  if (status === 'approved') await wakeTemplateWaiters(ctx, row.eventId);
};

// ── Jobs' work ────────────────────────────────────────────────────────────────

/** The per-event sync job (its handler lives in whatsapp-templates.jobs.ts; sending needs only the name and policy). */
export const TEMPLATE_SYNC_JOB = {
  name: 'messaging.whatsapp-templates.sync',
  retryLimit: 5,
  retryDelaySeconds: 30,
  policy: 'short',
  schema: z.object({ eventId: z.string() }),
} as const;

/**
 * Queues the event's template sync with Meta (create what is missing, follow the rest); no-op in the sandbox. The
 * queue's 'short' policy keeps one waiting job per event: a burst of kicks (rows waiting for templates, webhooks)
 * while one waits adds nothing, and a kick while one runs queues exactly one more (it sees what changed since).
 */
export const kickTemplateSync = async (ctx: AppContext, eventId: string): Promise<void> => {
  if (!ctx.messaging.whatsappCloud) return;
  await ctx.jobs.send({ ...TEMPLATE_SYNC_JOB, handle: () => Promise.resolve() }, { eventId }, { singletonKey: eventId });
};

/** Every paid event not yet past the deletion horizon gets a sync (the sweep: lost kicks, added languages). */
export const sweepTemplateSyncs = async (ctx: AppContext, now: Date = new Date()): Promise<number> => {
  if (!ctx.messaging.whatsappCloud) return 0;
  const eventIds = [
    ...(await repo.listEventsToSync(ctx.db, addDays(todayInBusinessZone(now), -DELETE_AFTER_DAYS))),
    ...(await repo.listUnpaidEventsWithTemplates(ctx.db)),
  ];
  for (const eventId of eventIds) await kickTemplateSync(ctx, eventId);
  return eventIds.length;
};

/**
 * Meta's webhooks can be lost: templates pending (or paused) for a while are read again; crashed creates get their
 * event synced.
 */
export const recheckTemplates = async (ctx: AppContext, now: Date = new Date(), limit = 200): Promise<number> => {
  const api = ctx.messaging.whatsappCloud?.templates;
  if (!api) return 0;
  const rows = await repo.listTemplatesToRecheck(ctx.db, new Date(now.getTime() - 15 * 60_000), limit);
  const toSync = new Set<string>();
  for (const row of rows) {
    if (!row.providerId) {
      toSync.add(row.eventId);
      await repo.recordTemplateInfo(ctx.db, row.id, {});
      continue;
    }
    try {
      const info = await api.get(row.providerId);
      if (info) {
        await applyWhatsAppTemplateUpdate(ctx, {
          kind: 'template',
          key: `recheck:${row.id}`,
          providerId: info.providerId,
          name: info.name,
          lang: row.lang,
          status: info.status,
          category: info.category,
          reason: info.reason,
        });
      } else {
        await repo.markTemplateDeleted(ctx.db, row.id);
        await mirrorHostTexts(ctx, row.eventId);
        toSync.add(row.eventId);
      }
    } catch (error) {
      ctx.logger.error({ err: error, template: row.name }, 'WhatsApp template re-read failed; tried again later');
    }
  }
  for (const eventId of toSync) await kickTemplateSync(ctx, eventId);
  return rows.length;
};

/** Refused at creation: Meta never had it, so there is nothing to delete there. */
const neverOnMeta = (row: WhatsAppTemplateRow) => row.providerId === null && row.status === 'rejected';

/** Templates of events more than DELETE_AFTER_DAYS past are deleted on Meta (the account's template count is limited). */
export const deletePastEventTemplates = async (ctx: AppContext, now: Date = new Date(), limit = 500): Promise<number> => {
  const api = ctx.messaging.whatsappCloud?.templates;
  if (!api) return 0;
  const rows = await repo.listTemplatesOfPastEvents(ctx.db, addDays(todayInBusinessZone(now), -DELETE_AFTER_DAYS), limit);
  let deleted = 0;
  for (const row of rows) {
    try {
      if (!neverOnMeta(row)) await api.delete({ providerId: row.providerId, name: row.name });
      await repo.markTemplateDeleted(ctx.db, row.id);
      deleted++;
    } catch (error) {
      ctx.logger.error({ err: error, template: row.name }, 'WhatsApp template not deleted; tried again tomorrow');
    }
  }
  return deleted;
};

/**
 * An event's templates leave Meta (an unpaid event; the host deleting an event should call this first, as its
 * rows cascade). A failure leaves the row for the next try.
 */
export const deleteEventTemplatesOnMeta = async (ctx: AppContext, eventId: string): Promise<void> => {
  const api = ctx.messaging.whatsappCloud?.templates;
  if (!api) return;
  for (const row of await repo.listLiveTemplatesOfEvent(ctx.db, eventId)) {
    try {
      if (!neverOnMeta(row)) await api.delete({ providerId: row.providerId, name: row.name });
      await repo.markTemplateDeleted(ctx.db, row.id);
    } catch (error) {
      ctx.logger.error({ err: error, template: row.name }, 'WhatsApp template not deleted on Meta; tried again later');
    }
  }
};

/**
 * For deleting an event: its live Meta templates are read before the delete (the rows cascade with it), and the
 * returned step removes them on Meta once the delete went through. Failures are logged (Meta keeps an orphan).
 */
export const prepareEventTemplatesRemoval = async (ctx: AppContext, eventId: string): Promise<() => Promise<void>> => {
  const api = ctx.messaging.whatsappCloud?.templates;
  if (!api) return async () => {};
  const rows = (await repo.listLiveTemplatesOfEvent(ctx.db, eventId)).filter((row) => !neverOnMeta(row));
  return async () => {
    for (const row of rows) {
      await api.delete({ providerId: row.providerId, name: row.name }).catch((error: unknown) => {
        ctx.logger.error({ err: error, template: row.name }, 'WhatsApp template of a deleted event not deleted on Meta');
      });
    }
  };
};
