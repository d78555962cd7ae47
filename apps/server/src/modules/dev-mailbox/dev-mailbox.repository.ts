import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { devMailbox } from '../../db/schema/dev-mailbox.js';
import type { MailMessage } from '../../providers/mail/index.js';

export const storeDevMail = async (db: Db, message: MailMessage): Promise<void> => {
  await db.insert(devMailbox).values(message);
};

export const listDevMail = async (db: Db, options: { to?: string; limit: number }) =>
  db
    .select()
    .from(devMailbox)
    .where(options.to ? eq(devMailbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt))
    .limit(options.limit);
