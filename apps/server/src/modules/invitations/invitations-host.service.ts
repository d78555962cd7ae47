import type { z } from 'zod';
import type { AnswerHistoryResponse, answerHistoryQuerySchema } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { requireEventAccess } from '../events/event-access.js';
import { countAnswerHistory, listAnswerHistory } from './answer-history.repository.js';
import { signPreviewToken } from './preview-links.js';

type HistoryQuery = z.output<typeof answerHistoryQuerySchema>;

/** "Guest answers": every answer as it came, newest first. */
export const listAnswers = async (ctx: AppContext, userId: string, eventId: string, query: HistoryQuery): Promise<AnswerHistoryResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const filters = { guestId: query.guestId, changedOnly: query.changedOnly };
  const [rows, total] = await Promise.all([
    listAnswerHistory(ctx.db, eventId, filters, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countAnswerHistory(ctx.db, eventId, filters),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)).toISOString() })),
    total,
  };
};

/** Signed links to the pages as a guest sees them, for the host's previews (no view counted, no answer taken). */
export const previewLinks = async (ctx: AppContext, userId: string, eventId: string) => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const { token, expiresAt } = signPreviewToken(ctx.config.secrets.tokenPepper, eventId);
  return {
    invitationUrl: `${ctx.config.appUrl}/preview/invite/${token}`,
    navigateUrl: `${ctx.config.appUrl}/preview/navigate/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
};
