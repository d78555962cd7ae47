import type { AppContext } from '../../platform/context.js';
import { createDefaultTimings, moveDefaultTimings } from './timing/timing.service.js';
import { setCallsEnabled } from './timing/timing.repository.js';
import { resubmitInvitationTemplates } from './templates/templates.service.js';
import { prepareEventTemplatesRemoval } from './whatsapp-templates/template-sync.js';
import { optOutByInviteToken } from './replies/opt-outs.service.js';

/** What messaging does when an event changes or a guest opts out on the page (platform/hooks.ts), wired at start-up. */
export const subscribeMessagingHooks = (ctx: AppContext): void => {
  ctx.hooks.subscribe('eventCreated', async (eventId) => {
    await createDefaultTimings(ctx, eventId);
  });
  ctx.hooks.subscribe('eventScheduleChanged', async (eventId) => {
    await moveDefaultTimings(ctx, eventId);
  });
  ctx.hooks.subscribe('eventCallsPreferenceChanged', async (eventId, includeCalls) => {
    await setCallsEnabled(ctx.db, eventId, includeCalls);
  });
  ctx.hooks.subscribe('eventImageChanged', async (eventId) => {
    await resubmitInvitationTemplates(ctx, eventId);
  });
  ctx.hooks.subscribe('eventDeleting', (eventId) => prepareEventTemplatesRemoval(ctx, eventId));
  ctx.hooks.subscribe('guestPageOptOut', (token) => optOutByInviteToken(ctx, token));
};
