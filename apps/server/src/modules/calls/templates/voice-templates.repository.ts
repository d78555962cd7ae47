import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CallScriptParts, Lang } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';
import { events, guests } from '../../../db/schema/events.js';
import { voiceTemplates } from '../../../db/schema/calls.js';

export const findVoiceEvent = async (db: Db, eventId: string) =>
  (await db.select({ langs: events.langs, orderPackageId: events.orderPackageId }).from(events).where(eq(events.id, eventId)).limit(1))[0];

export const listVoiceTemplates = async (db: Db, eventId: string, langs: Lang[]): Promise<{ lang: Lang; parts: CallScriptParts }[]> =>
  langs.length === 0
    ? []
    : db
        .select({ lang: voiceTemplates.lang, parts: voiceTemplates.parts })
        .from(voiceTemplates)
        .where(and(eq(voiceTemplates.eventId, eventId), inArray(voiceTemplates.lang, langs)));

export const upsertVoiceTemplate = async (db: Db, eventId: string, lang: Lang, parts: CallScriptParts): Promise<void> => {
  await db
    .insert(voiceTemplates)
    .values({ eventId, lang, parts })
    .onConflictDoUpdate({ target: [voiceTemplates.eventId, voiceTemplates.lang], set: { parts, updatedAt: sql`now()` } });
};

export const deleteVoiceTemplate = async (db: Db, eventId: string, lang: Lang): Promise<void> => {
  await db.delete(voiceTemplates).where(and(eq(voiceTemplates.eventId, eventId), eq(voiceTemplates.lang, lang)));
};

/** The host's script in `lang`, if they wrote one. */
export const findVoiceTemplateParts = async (db: Db, eventId: string, lang: Lang): Promise<CallScriptParts | undefined> =>
  (
    await db
      .select({ parts: voiceTemplates.parts })
      .from(voiceTemplates)
      .where(and(eq(voiceTemplates.eventId, eventId), eq(voiceTemplates.lang, lang)))
      .limit(1)
  )[0]?.parts;

/** What a guest's call script is filled with: the guest and their event (undefined when either is gone). */
export const findCallScriptFacts = async (db: Db, eventId: string, guestId: string) =>
  (
    await db
      .select({
        fullName: guests.fullName,
        countOfInvites: guests.countOfInvites,
        names: events.names,
        date: events.date,
        time: events.time,
        location: events.location,
        defaultLang: events.defaultLang,
      })
      .from(guests)
      .innerJoin(events, eq(events.id, guests.eventId))
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
      .limit(1)
  )[0];
