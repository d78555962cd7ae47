import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { deletePastEventTemplates, recheckTemplates, sweepTemplateSyncs, syncEventTemplates, TEMPLATE_SYNC_JOB } from './template-sync.js';

/** The per-event template sync, the periodic re-read of pending templates and the deletion of past events' templates. */
export const createWhatsAppTemplateJobs = (ctx: AppContext): JobDefinition<object>[] => {
  const sync: JobDefinition<{ eventId: string }> = {
    ...TEMPLATE_SYNC_JOB,
    handle: async ({ eventId }) => {
      await syncEventTemplates(ctx, eventId);
    },
  };
  return [
    sync as unknown as JobDefinition<object>,
    {
      name: 'messaging.whatsapp-templates.sweep',
      schema: NO_PAYLOAD,
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handle: async () => {
        await sweepTemplateSyncs(ctx);
      },
    },
    {
      name: 'messaging.whatsapp-templates.recheck',
      schema: NO_PAYLOAD,
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handle: async () => {
        const count = await recheckTemplates(ctx);
        if (count > 0) ctx.logger.info({ count }, 'WhatsApp templates without an answer read again from Meta');
      },
    },
    {
      name: 'messaging.whatsapp-templates.delete-past',
      schema: NO_PAYLOAD,
      retryLimit: 2,
      retryDelaySeconds: 600,
      cron: '30 4 * * *',
      handle: async () => {
        const count = await deletePastEventTemplates(ctx);
        if (count > 0) ctx.logger.info({ count }, "past events' WhatsApp templates deleted on Meta");
      },
    },
  ];
};
