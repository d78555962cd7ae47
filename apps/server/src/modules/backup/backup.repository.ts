import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { BackupManifest } from './backup-archive.js';

/**
 * The SQL of backup and restore (see backup.service.ts): one snapshot read of the app's tables, and their load
 * into a database the migrations have laid out.
 */

/** The schema of the app's tables. pg-boss's job tables (schema pgboss) are transport, and rebuilt at start. */
export const DATA_SCHEMA = 'public';
const FETCH_ROWS = 2_000;
/** Rows sent to the server per INSERT (as one jsonb array). */
const LOAD_ROWS = 1_000;
const LOAD_CHARS = 8_000_000;

export const APPLICATION_NAME = 'magiim-backup';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

export class RestoreRefused extends Error {}

export interface Counts {
  users: number;
  events: number;
  guests: number;
}

const withClient = async <T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString, application_name: APPLICATION_NAME });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
};

/** Client connections to the database other than this command's own (the app, a worker, a psql). */
export const otherConnections = (connectionString: string): Promise<number> =>
  withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where backend_type = 'client backend' and datname = current_database() and pid <> pg_backend_pid() and application_name <> $1`,
      [APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  });

const countsOf = async (client: pg.Client): Promise<Counts> => {
  const { rows } = await client.query<Counts>(
    'select (select count(*) from users)::int as users, (select count(*) from events)::int as events, (select count(*) from guests)::int as guests',
  );
  return rows[0]!;
};

/**
 * Every table of the app's schema, read in one REPEATABLE READ snapshot. `onTable` gets each table's rows (to_jsonb
 * text, one a line) as they are fetched, a cursor batch at a time, and must have consumed them when it resolves.
 */
export const readSnapshot = (
  connectionString: string,
  onTable: (name: string, lines: AsyncIterable<string>) => Promise<void>,
): Promise<Pick<BackupManifest, 'serverVersion' | 'migrations' | 'tables' | 'sequences'>> =>
  withClient(connectionString, async (client) => {
    // One snapshot for every table: what pg_dump does, and what makes the backup consistent while the app runs.
    await client.query('begin isolation level repeatable read read only');
    try {
      const serverVersion = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
      const migrated = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      if (!migrated.rows[0]!.present) throw new Error('The database holds no Magiim schema (it was never started): there is nothing to back up.');
      const migrations = (
        await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by created_at, id')
      ).rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
      const tableRows = await client.query<{ name: string; columns: string[] }>(
        `select c.relname as name,
                array(select a.attname::text from pg_attribute a
                       where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                       order by a.attnum) as columns
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
          order by c.relname`,
        [DATA_SCHEMA],
      );
      const tables: BackupManifest['tables'] = [];
      for (const table of tableRows.rows) {
        let count = 0;
        let done = false;
        async function* lines(): AsyncGenerator<string> {
          await client.query(`declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from ${qualified(DATA_SCHEMA, table.name)} t`);
          for (;;) {
            const batch = await client.query<{ j: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
            for (const row of batch.rows) {
              count += 1;
              yield `${row.j}\n`;
            }
            if (batch.rows.length < FETCH_ROWS) break;
          }
          await client.query('close backup_rows');
          done = true;
        }
        await onTable(table.name, lines());
        if (!done) throw new Error(`the rows of ${table.name} were not all written`);
        tables.push({ schema: DATA_SCHEMA, name: table.name, columns: table.columns, rows: count });
      }
      const sequences = (
        await client.query<{ name: string; last_value: string | null }>(
          `select sequencename as name, last_value::text from pg_sequences where schemaname = $1 order by sequencename`,
          [DATA_SCHEMA],
        )
      ).rows.map((row) => ({ schema: DATA_SCHEMA, name: row.name, lastValue: row.last_value }));
      await client.query('commit');
      return { serverVersion, migrations, tables, sequences };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  });

/** The server's version and the app's migration level (what a pg_dump backup's manifest records beside the dump). */
export const readLevel = (connectionString: string): Promise<Pick<BackupManifest, 'serverVersion' | 'migrations'> & { major: number }> =>
  withClient(connectionString, async (client) => {
    const version = (await client.query<{ v: string; n: string }>("select current_setting('server_version') as v, current_setting('server_version_num') as n")).rows[0]!;
    const migrated = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
    if (!migrated.rows[0]!.present) throw new Error('The database holds no Magiim schema (it was never started): there is nothing to back up.');
    const migrations = (
      await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by created_at, id')
    ).rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
    return { serverVersion: version.v, major: Math.floor(Number(version.n) / 10_000), migrations };
  });

export const readServerMajor = (connectionString: string): Promise<number> =>
  withClient(connectionString, async (client) =>
    Math.floor(Number((await client.query<{ n: string }>("select current_setting('server_version_num') as n")).rows[0]!.n) / 10_000),
  );

/** What the database holds now: nothing of ours, an empty schema, or data. */
export const describeTarget = async (connectionString: string): Promise<{ state: 'empty' | 'schema-only' | 'data'; counts?: Counts }> =>
  withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p')`,
      [DATA_SCHEMA],
    );
    const migrated = (await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).rows[0]!
      .present;
    if (!rows.length && !migrated) return { state: 'empty' };
    const names = new Set(rows.map((row) => row.name));
    if (!['users', 'events', 'guests'].every((name) => names.has(name))) return { state: 'data' }; // tables not ours: keep away
    const counts = await countsOf(client);
    return { state: counts.users + counts.events + counts.guests > 0 ? 'data' : 'schema-only', counts };
  });


export const runMigrations = async (connectionString: string, folder: string) => {
  const pool = new pg.Pool({ connectionString, application_name: APPLICATION_NAME, max: 1 });
  pool.on('error', () => {});
  try {
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    await pool.end();
  }
};

/** Tables in an order where every table comes after those its foreign keys point to (cycles: as found). */
const loadOrder = async (client: pg.Client, names: string[]): Promise<string[]> => {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = $1 and pn.nspname = $1 and c.oid <> p.oid`,
    [DATA_SCHEMA],
  );
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent);
    visiting.delete(name);
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered;
};

/**
 * Loads the backup's rows into the tables the migrations laid (up to the backup's level), in one transaction, and
 * puts the sequences back. `linesOf` gives a table's rows (to_jsonb text, one a line), read as they are loaded.
 */
export const loadRows = (connectionString: string, manifest: BackupManifest, linesOf: (schema: string, name: string) => Promise<AsyncIterable<string>>) =>
  withClient(connectionString, async (client) => {
    const { rows: targetTables } = await client.query<{ name: string; columns: string[] }>(
      `select c.relname as name,
              array(select a.attname::text from pg_attribute a
                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                     order by a.attnum) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition`,
      [DATA_SCHEMA],
    );
    const target = new Map(targetTables.map((table) => [table.name, table.columns]));
    for (const table of manifest.tables) {
      const columns = target.get(table.name);
      if (!columns) throw new RestoreRefused(`The backup holds a table "${table.name}" that its migrations do not create: it does not match this version.`);
      const missing = table.columns.filter((column) => !columns.includes(column));
      if (missing.length) throw new RestoreRefused(`The backup's table "${table.name}" has columns its migrations do not create (${missing.join(', ')}).`);
    }

    await client.query('begin');
    try {
      // Triggers and foreign-key checks off while rows arrive in any order (needs a superuser, as the embedded
      // database's postgres is); elsewhere the tables are loaded parents first.
      await client.query('savepoint replica');
      await client.query('set local session_replication_role = replica').then(
        () => client.query('release savepoint replica'),
        () => client.query('rollback to savepoint replica'),
      );
      // Migrations may have seeded rows the backup holds too: the backup's tables replace them whole.
      if (manifest.tables.length) {
        await client.query(`truncate ${manifest.tables.map((table) => qualified(table.schema, table.name)).join(', ')} cascade`);
      }
      for (const name of await loadOrder(client, manifest.tables.map((table) => table.name))) {
        const table = manifest.tables.find((candidate) => candidate.name === name)!;
        const lines = await linesOf(table.schema, table.name);
        let count = 0;
        const list = table.columns.map(quote).join(', ');
        const insert = `insert into ${qualified(table.schema, table.name)} (${list}) overriding system value
                        select ${list} from jsonb_populate_recordset(null::${qualified(table.schema, table.name)}, $1::jsonb)`;
        let batch: string[] = [];
        let chars = 0;
        const flush = async () => {
          if (!batch.length) return;
          await client.query(insert, [`[${batch.join(',')}]`]);
          batch = [];
          chars = 0;
        };
        for await (const line of lines) {
          if (!line.length) continue;
          count += 1;
          batch.push(line);
          chars += line.length;
          if (batch.length >= LOAD_ROWS || chars >= LOAD_CHARS) await flush();
        }
        await flush();
        if (count !== table.rows) throw new RestoreRefused(`The backup is damaged: ${table.name} holds ${count} rows, its manifest says ${table.rows}.`);
      }
      for (const sequence of manifest.sequences) {
        if (sequence.lastValue === null) continue;
        await client.query('select setval($1::regclass, $2::bigint, true)', [qualified(sequence.schema, sequence.name), sequence.lastValue]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  });

/** The embedded server's maintenance database URL (`template1`), to drop and recreate `postgres` from. */
const maintenanceUrl = (connectionString: string): string => {
  const url = new URL(connectionString);
  url.pathname = '/template1';
  return url.toString();
};

/** Drops the embedded cluster's app database and creates it empty (nobody else may be connected: checked before). */
export const recreateDatabase = async (connectionString: string): Promise<void> => {
  const name = decodeURIComponent(new URL(connectionString).pathname.slice(1)) || 'postgres';
  await withClient(maintenanceUrl(connectionString), async (client) => {
    await client.query(`drop database if exists ${quote(name)} with (force)`);
    await client.query(`create database ${quote(name)}`);
  });
};

/** E-mails the backup caught waiting to be sent (their jobs lived in pg-boss's tables, which a backup leaves out). */
export const queuedMailIds = (connectionString: string): Promise<string[]> =>
  withClient(connectionString, async (client) => (await client.query<{ id: string }>(`select id from mail_deliveries where status = 'queued' order by created_at`)).rows.map((row) => row.id));

export const countsAt = (connectionString: string): Promise<Counts> => withClient(connectionString, countsOf);
