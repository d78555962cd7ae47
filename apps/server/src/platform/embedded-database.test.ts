import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from './db.js';
import { embeddedServerRunning } from './embedded-postgres.js';
import { loadConfig } from './env.js';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.js';

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'mge-'));
const open = (dataDir: string) => openDatabase({ databaseUrl: undefined, dataDir, embeddedPassword: 'pw-for-test' });
const opened: Database[] = [];

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
});

describe('embedded PostgreSQL', () => {
  it('keeps its data under the data directory across restarts, and stops on close', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Kept Host', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();
    expect(embeddedServerRunning(dataDir)).toBe(false);

    const second = await open(dataDir);
    opened.push(second);
    await migrateDatabase(second); // already applied: a no-op
    expect((await findUserByEmail(second.db, 'kept@example.com'))?.fullName).toBe('Kept Host');
    const { rows } = await second.pool.query<{ server_version: string }>('show server_version');
    expect(Number(rows[0]!.server_version.split('.')[0])).toBeGreaterThanOrEqual(18);
    await second.close();
  });

  it('listens on a socket inside the data directory, not on TCP, and refuses a wrong password', async () => {
    const dataDir = freshDataDir();
    const database = await open(dataDir);
    opened.push(database);
    const pid = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    expect(pid[4]).toBe(path.join(dataDir, 'run'));
    expect(pid[5]?.trim()).toBe('');
    const { rows } = await database.pool.query<{ listen_addresses: string }>('show listen_addresses');
    expect(rows[0]!.listen_addresses).toBe('');
    expect(database.connectionString).toContain(encodeURIComponent(path.join(dataDir, 'run')));
    const wrong = await openDatabase({ databaseUrl: database.connectionString.replace('pw-for-test', 'nope'), dataDir });
    await expect(wrong.pool.query('select 1')).rejects.toThrow(/password/);
    await wrong.close();
    await database.close();
  });

  it('keeps DATA_DIR private and the secrets file owner-only', () => {
    const dataDir = path.join(freshDataDir(), 'nested');
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(secrets.databasePassword).toMatch(/^[\w-]{40,}$/);
    // An older file without the database password gets one added, and keeps its pepper.
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ tokenPepper: secrets.tokenPepper }));
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.secrets.tokenPepper).toBe(secrets.tokenPepper);
    expect(again.secrets.databasePassword).toMatch(/^[\w-]{40,}$/);
  });

  it('reuses a server left running by a crashed app, and starts over a stale postmaster.pid', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Before Crash', email: 'crash@example.com', passwordHash: 'x' });
    // The app dies without stopping the server: only its pool goes away.
    await first.pool.end();
    expect(embeddedServerRunning(dataDir)).toBe(true);

    const second = await open(dataDir);
    expect((await findUserByEmail(second.db, 'crash@example.com'))?.fullName).toBe('Before Crash');
    await second.close();
    expect(embeddedServerRunning(dataDir)).toBe(false);

    // A pid file naming a live process that is not PostgreSQL (pid reuse after a reboot) must not block the start.
    const sleeper = spawn('sleep', ['30']);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    writeFileSync(pidFile, `${sleeper.pid}\n${path.join(dataDir, 'postgres')}\n0\n5432\n\n\n`);
    try {
      const third = await open(dataDir);
      opened.push(third);
      expect((await findUserByEmail(third.db, 'crash@example.com'))?.fullName).toBe('Before Crash');
      await third.close();
    } finally {
      sleeper.kill();
    }
    expect(existsSync(pidFile)).toBe(false);
  });
});
