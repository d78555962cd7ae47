import { z } from 'zod';

/**
 * The backup file: a zip (one file, readable with any unzip tool) holding
 *   manifest.json                what the backup holds and the database's migration level,
 *   tables/<schema>.<table>.jsonl one row a line, as PostgreSQL's own `to_jsonb(row)`,
 *   media/<storage key>          the files the disk storage keeps under DATA_DIR/media (event images).
 * The schema itself is not in the file: it is the app's migrations, replayed on restore up to the backup's level.
 */
export const BACKUP_FORMAT = 'magiim-backup';
export const BACKUP_FORMAT_VERSION = 1;
/**
 * Version 2: the database is one `database.pgdump` entry (pg_dump's custom format, written when a pg_dump of the
 * server's major version is on the PATH) instead of the tables' rows; an older Magiim refuses it rather than
 * restoring nothing.
 */
export const BACKUP_FORMAT_VERSION_PG_DUMP = 2;
export const PG_DUMP_ENTRY = 'database.pgdump';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(BACKUP_FORMAT_VERSION), z.literal(BACKUP_FORMAT_VERSION_PG_DUMP)]),
  createdAt: z.string(),
  /** Where it was taken from: the embedded database of a DATA_DIR, or DATABASE_URL's. */
  source: z.enum(['embedded', 'database-url']),
  /** The PostgreSQL server it was read from (`server_version`). */
  serverVersion: z.string(),
  /** Drizzle's record of applied migrations (drizzle.__drizzle_migrations), in order. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
  tables: z.array(z.object({ schema: z.string(), name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative() })),
  /** Sequences' positions; null: never used. */
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
  media: z.array(z.object({ key: z.string(), size: z.number().int().nonnegative() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const tableEntryName = (schema: string, name: string) => `tables/${schema}.${name}.jsonl`;
export const mediaEntryName = (key: string) => `media/${key}`;
