import { eq } from 'drizzle-orm';
import type { EventNames, Lang } from '@magiim/shared';
import { events } from '../../db/schema/events.js';
import type { Db } from '../../platform/db.js';

/** The names of an event the caller was already checked to have access to. */
export const findEventNames = async (db: Db, eventId: string): Promise<{ names: EventNames; defaultLang: Lang } | undefined> =>
  (await db.select({ names: events.names, defaultLang: events.defaultLang }).from(events).where(eq(events.id, eventId)).limit(1))[0];
