import type { AppContext } from '../../platform/context.js';
import type { StoredEventImage } from '../../db/schema/events.js';
import { deleteEventImage } from '../event-images/event-image.js';
import { prepareEventTemplatesRemoval } from '../messaging/whatsapp-templates/template-sync.js';
import { eraseEventGuestDataRows, zeroEventCounts, type EventErasureCounts } from './erasure.repository.js';

export type { EventErasureCounts } from './erasure.repository.js';

/**
 * The files of an event that outlive its rows: the current image's prefix and any older version left behind
 * (every version lives under `events/<id>/`). A failure is logged, never thrown: the rows are already gone.
 */
export const deleteEventFiles = async (ctx: AppContext, eventId: string, image: StoredEventImage | null): Promise<void> => {
  try {
    if (image) await deleteEventImage(ctx.storage, image);
    await ctx.storage.deletePrefix(`events/${eventId.toLowerCase()}`);
  } catch (error) {
    ctx.logger.error({ err: error }, 'retention: event image files not deleted');
  }
};

/**
 * Issue 22: erases an event's guest data (guests and all that hangs on them, groups, expenses, the image and its
 * files, the gift registration, the host's templates) and sets `guest_data_erased_at`; the event row, its date,
 * package and orders stay (tax law). Idempotent: a second call finds nothing left and answers zeros.
 * What each table gets is written beside `eraseEventGuestDataRows`.
 */
export const eraseEventGuestData = async (
  ctx: AppContext,
  eventId: string,
  options: { now?: Date } = {},
): Promise<EventErasureCounts> => {
  const now = options.now ?? new Date();
  const removeMetaTemplates = await prepareEventTemplatesRemoval(ctx, eventId);
  const result = await ctx.db.transaction((tx) => eraseEventGuestDataRows(tx, eventId, now));
  if (!result.found) return zeroEventCounts();
  await deleteEventFiles(ctx, eventId, result.image);
  await removeMetaTemplates();
  return result.counts;
};
