import type { Db } from '../../platform/db.js';
import { listDevMail } from './dev-mailbox.repository.js';

/** The dev mailbox's messages, newest first, as the API answers them. */
export const listDevMailMessages = async (db: Db, query: Parameters<typeof listDevMail>[1]) => {
  const rows = await listDevMail(db, query);
  return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
};
