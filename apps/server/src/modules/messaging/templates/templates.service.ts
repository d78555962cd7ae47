import type {
  messageTemplateEditSchema} from '@magiim/shared';
import {
  LANGUAGES,
  MSG,
  TEMPLATE_PURPOSES,
  type Lang,
  type MessageTemplate,
  type MessageTemplatesResponse,
} from '@magiim/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { MessageTemplateRow } from '../../../db/schema/messaging.js';
import type { TemplateReviewResult } from '../../../providers/messaging/index.js';
import { requireEventAccess } from '../../events/event-access.js';
import { DEFAULT_SMS_TEXTS, DEFAULT_TEXTS } from './default-texts.js';
import { templateTextIssues } from './template-rules.js';
import * as repo from './templates.repository.js';
import { kickTemplateSync } from '../whatsapp-templates/template-sync.js';
import { wakeTemplateWaiters } from '../engine/dispatch-job.js';

type TemplateEdit = z.output<typeof messageTemplateEditSchema>;

const requireTemplateEvent = async (ctx: AppContext, userId: string, eventId: string, right: 'read' | 'edit') => {
  await requireEventAccess(ctx.db, userId, eventId, right);
  const event = await repo.findTemplateEvent(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return event;
};

const roundOf = (round: number): 2 | 3 | null => (round === 2 || round === 3 ? round : null);

const templateDtoOf = (row: MessageTemplateRow): MessageTemplate => ({
  purpose: row.purpose,
  round: roundOf(row.round),
  lang: row.lang,
  text: row.text,
  status: row.status,
  reason: row.reason,
  updatedAt: row.updatedAt.toISOString(),
});

const templatesResponse = async (ctx: AppContext, event: { id: string; langs: Lang[] }): Promise<MessageTemplatesResponse> => {
  const rows = await repo.listTemplates(ctx.db, event.id);
  const langs = LANGUAGES.filter((lang) => event.langs.includes(lang));
  return {
    // Texts of a language the event dropped stay stored (they return with it) but are not the host's to edit now.
    templates: rows.filter((row) => event.langs.includes(row.lang)).map(templateDtoOf),
    defaults: TEMPLATE_PURPOSES.flatMap((purpose) => langs.map((lang) => ({ purpose, lang, text: DEFAULT_TEXTS[purpose][lang], smsText: DEFAULT_SMS_TEXTS[purpose][lang] }))),
  };
};

/**
 * Sends claimed revisions to the provider's review. The claim was written first, so a crash after the call
 * leaves a pendingApproval row (the next edit resubmits), never a second submission of the same revision.
 */
const submitForReview = async (ctx: AppContext, rows: MessageTemplateRow[]): Promise<void> => {
  // On Meta the template sync creates and follows the templates (whatsapp-templates/template-sync.ts).
  if (ctx.messaging.whatsappCloud) return;
  for (const row of rows) {
    try {
      const { providerTemplateId } = await ctx.messaging.templateReviewer.submit({
        templateId: row.id,
        revision: row.revision,
        eventId: row.eventId,
        purpose: row.purpose,
        lang: row.lang,
        text: row.text,
      });
      await repo.setProviderTemplateId(ctx.db, row.id, row.revision, providerTemplateId);
    } catch (error) {
      ctx.logger.error({ err: error, templateId: row.id, revision: row.revision }, 'template not submitted for review; it stays pending until the next edit');
    }
  }
};

/** Meta mode: the event's templates follow its texts (a failed kick is caught up by the periodic sweep). */
const kickSync = async (ctx: AppContext, eventId: string): Promise<void> => {
  await kickTemplateSync(ctx, eventId).catch((error: unknown) => ctx.logger.error({ err: error, eventId }, 'WhatsApp template sync not queued; the sweep catches up'));
};

/** `GET messageTemplate/{id}`: the host's texts and the defaults for every purpose in each event language. */
export const getTemplates = async (ctx: AppContext, userId: string, eventId: string): Promise<MessageTemplatesResponse> => {
  const event = await requireTemplateEvent(ctx, userId, eventId, 'read');
  return templatesResponse(ctx, event);
};

/** `POST messageTemplate/edit/{id}`: saves the host's text; a paid event's edit goes to review at once. */
export const editTemplate = async (ctx: AppContext, userId: string, eventId: string, input: TemplateEdit): Promise<MessageTemplatesResponse> => {
  const event = await requireTemplateEvent(ctx, userId, eventId, 'edit');
  if (!event.langs.includes(input.lang)) throw new AppError('VALIDATION', 'invalid input', [{ path: 'lang', message: MSG.invalidValue }]);
  if (input.round !== undefined && input.purpose !== 'invitation') {
    throw new AppError('VALIDATION', 'invalid input', [{ path: 'round', message: MSG.invalidValue }]);
  }
  const issues = templateTextIssues(input.purpose, input.text);
  if (issues.length > 0) throw new AppError('VALIDATION', 'invalid input', issues);
  const row = await ctx.db.transaction(async (tx) => {
    // The event's row is held (shared) first: a payment marking it paid waits for this write to commit (its
    // submission then claims the row), or this write waits for the payment and its statement sees the event paid.
    await repo.holdEventForTemplateWrite(tx, eventId);
    return repo.upsertTemplate(tx, eventId, { purpose: input.purpose, round: input.round ?? 1, lang: input.lang }, input.text);
  });
  if (row.status === 'pendingApproval') {
    await submitForReview(ctx, [row]);
    await kickSync(ctx, eventId);
  }
  return templatesResponse(ctx, event);
};

/** `DELETE messageTemplate/delete/{id}/{lang}`: that language is back to the defaults. */
export const deleteTemplates = async (ctx: AppContext, userId: string, eventId: string, lang: Lang): Promise<MessageTemplatesResponse> => {
  const event = await requireTemplateEvent(ctx, userId, eventId, 'edit');
  await repo.deleteTemplatesOfLang(ctx.db, eventId, lang);
  if (event.progressStatus > 0) await kickSync(ctx, eventId);
  return templatesResponse(ctx, event);
};

/** On payment: every text written before it goes to review. A replayed payment finds nothing left to submit. */
export const submitTemplatesOnPayment = async (ctx: AppContext, eventId: string): Promise<void> => {
  const rows = await repo.claimForSubmission(ctx.db, eventId, { statuses: ['pendingPayment'] });
  await submitForReview(ctx, rows);
  // On Meta every slot gets its template now, the defaults included (a replayed sync creates nothing twice).
  await kickSync(ctx, eventId);
};

/** A new invitation image: WhatsApp reviews the template with its header, so every invitation text of a paid event is resubmitted. */
export const resubmitInvitationTemplates = async (ctx: AppContext, eventId: string): Promise<void> => {
  // On Meta the sync compares each template's header with the event's image and creates what differs.
  if (ctx.messaging.whatsappCloud) {
    await kickSync(ctx, eventId);
    return;
  }
  const rows = await repo.claimForSubmission(ctx.db, eventId, { statuses: ['pendingApproval', 'approved', 'rejected'], purpose: 'invitation' });
  await submitForReview(ctx, rows);
};

/** How long past the sandbox's review delay an unanswered review counts as lost. */
export const SANDBOX_REVIEW_GRACE_SECONDS = 120;

/**
 * The sandbox keeps its pending reviews in memory: a restart loses them and the rows would wait forever. Those
 * unanswered well past the delay are submitted again (a real provider's answers are re-queried instead, with
 * its adapter). Answers how many were resubmitted.
 */
export const resubmitLostSandboxReviews = async (ctx: AppContext, now = new Date()): Promise<number> => {
  if (ctx.messaging.templateReviewer.name !== 'sandbox') return 0;
  const waitSeconds = ctx.config.messaging.sandboxTemplateReviewSeconds + SANDBOX_REVIEW_GRACE_SECONDS;
  const rows = await repo.claimStaleReviews(ctx.db, new Date(now.getTime() - waitSeconds * 1000));
  await submitForReview(ctx, rows);
  return rows.length;
};

/** The provider's answer (the sandbox reviewer's `onReviewed`, later Meta's webhook): an answer for an older revision is ignored. */
export const applyTemplateReview = async (ctx: AppContext, result: TemplateReviewResult): Promise<boolean> => {
  const applied = await repo.recordReview(ctx.db, result);
  if (!applied) ctx.logger.info({ templateId: result.templateId, revision: result.revision }, 'template review ignored: stale revision or already answered');
  else if (result.status === 'approved') {
    // Rows waiting for this event's template go now rather than after their wait.
    const eventId = await repo.eventIdOfTemplate(ctx.db, result.templateId);
    if (eventId) await wakeTemplateWaiters(ctx, eventId);
  }
  return applied;
};
