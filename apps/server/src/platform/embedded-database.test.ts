import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './db.js';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.js';

describe('embedded database', () => {
  it('keeps its data under the data directory across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-embedded-'));
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Kept Host', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrateDatabase(second); // already applied: a no-op
    expect((await findUserByEmail(second.db, 'kept@example.com'))?.fullName).toBe('Kept Host');
    await second.close();
  });

  it('keeps a transaction together while other connections run queries', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    try {
      await database.pool.query('create table t (n int)');
      const client = await database.pool.connect();
      await client.query('begin');
      await client.query('insert into t values (1)');
      // Another connection's statement while the transaction is open must not land inside it.
      const other = database.pool.query('insert into t values (2)');
      await client.query('rollback');
      client.release();
      await other;
      const { rows } = await database.pool.query('select n from t order by n');
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  });
});
