import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { ttsAudioCache } from '../../../db/schema/calls.js';

/** The audio under `key`, marked used now (the prune keeps what is used). */
export const readAndTouchSpeech = async (db: Db, key: string): Promise<{ audio: Buffer; contentType: string } | undefined> =>
  (
    await db
      .update(ttsAudioCache)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(ttsAudioCache.key, key))
      .returning({ audio: ttsAudioCache.audio, contentType: ttsAudioCache.contentType })
  )[0];

/** Stores rendered audio; a row already there (another process rendered the same text) stays. */
export const insertSpeech = async (db: Db, key: string, contentType: string, audio: Buffer): Promise<void> => {
  await db.insert(ttsAudioCache).values({ key, contentType, audio, bytes: audio.length }).onConflictDoNothing({ target: ttsAudioCache.key });
};

export const deleteSpeechUnusedSince = async (db: Db, before: Date): Promise<number> =>
  (await db.delete(ttsAudioCache).where(lt(ttsAudioCache.lastUsedAt, before)).returning({ key: ttsAudioCache.key })).length;
