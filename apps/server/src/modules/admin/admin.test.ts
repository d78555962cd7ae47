import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { databaseUrlFor } from '../../../test/test-app.js';
import { clusterLayoutOf, embeddedServerRunning, startEmbeddedPostgres } from '../../platform/embedded-postgres.js';
import { parseCouponCreate, UsageError } from './coupon-options.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const script = path.join(root, 'apps', 'server', 'scripts', 'admin.ts');

/** Runs `npm run admin -- …` as a real process (what an operator types), on the given environment. */
const admin = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const { DATABASE_URL: _ignored, DATA_DIR: _alsoIgnored, ...inherited } = process.env;
    const child = spawn(tsx, [script, ...args], { cwd: root, env: { ...inherited, LOG_LEVEL: 'silent', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });

const TODAY = '2026-11-24';

describe('coupon create options', () => {
  it('reads a percent or an amount coupon with its limits', () => {
    expect(parseCouponCreate(['--code', ' summer_25 ', '--percent', '25', '--max-uses', '100', '--expires', '2026-12-31', '--package', '2'], TODAY)).toEqual({
      code: 'SUMMER_25',
      percent: 25,
      amount: null,
      maxUses: 100,
      expiresOn: '2026-12-31',
      packageId: 2,
    });
    expect(parseCouponCreate(['--code', 'FIFTY', '--amount', '5000', '--expires', TODAY], TODAY)).toEqual({
      code: 'FIFTY',
      percent: null,
      amount: 5000,
      maxUses: null,
      expiresOn: TODAY,
      packageId: null,
    });
  });

  it.each([
    [['--percent', '10'], '--code is required'],
    [['--code', 'A B', '--percent', '10'], '--code must be'],
    [['--code', 'X'.repeat(33), '--percent', '10'], '--code must be'],
    [['--code', 'A'], 'exactly one of --percent or --amount'],
    [['--code', 'A', '--percent', '10', '--amount', '100'], 'exactly one of --percent or --amount'],
    [['--code', 'A', '--percent', '0'], '--percent must be'],
    [['--code', 'A', '--percent', '101'], '--percent must be'],
    [['--code', 'A', '--percent', '12.5'], '--percent must be'],
    [['--code', 'A', '--amount', '0'], '--amount must be'],
    [['--code', 'A', '--amount=-100'], '--amount must be'],
    [['--code', 'A', '--amount', '-100'], 'ambiguous'],
    [['--code', 'A', '--amount', '100', '--max-uses', '0'], '--max-uses must be'],
    [['--code', 'A', '--amount', '100', '--expires', '2026-02-30'], '--expires must be a date'],
    [['--code', 'A', '--amount', '100', '--expires', '31/12/2026'], '--expires must be a date'],
    [['--code', 'A', '--amount', '100', '--expires', '2026-11-23'], 'already past'],
    [['--code', 'A', '--amount', '100', '--package', '3'], '--package must be 1'],
    [['--code', 'A', '--amount', '100', '--package', '01'], '--package must be 1'],
    [['--code', 'A', '--amount', '100', '--discount', '5'], 'Unknown option'],
  ])('refuses %j', (args, message) => {
    expect(() => parseCouponCreate(args, TODAY)).toThrow(UsageError);
    expect(() => parseCouponCreate(args, TODAY)).toThrow(message);
  });
});

// Each command is a fresh tsx process that compiles its part of the server: a few seconds alone, far more while the
// other server files keep both cores busy (the 30 s default ran out in CI).
describe('npm run admin (a process on a PostgreSQL database)', { timeout: 120_000 }, () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `magiim_admin_${Date.now()}`;
  const databaseUrl = databaseUrlFor(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-admin-'));
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a coupon on a fresh database, prints it, and refuses the same code again', async () => {
    const created = await admin(['coupon', 'create', '--code', 'wedding-10', '--percent', '10', '--max-uses', '20', '--expires', '2099-12-31', '--package', '1'], env);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain('code:     WEDDING-10');
    expect(created.out).toContain('value:    10%');
    expect(created.out).toContain('0 of 20');
    expect(created.out).toContain('2099-12-31');
    expect(created.out).toContain('1 (basic)');
    expect(await query('select code, percent, amount, max_uses, uses, expires_on::text, package_id from coupons')).toEqual([
      { code: 'WEDDING-10', percent: 10, amount: null, max_uses: 20, uses: 0, expires_on: '2099-12-31', package_id: 1 },
    ]);

    const again = await admin(['coupon', 'create', '--code', 'WEDDING-10', '--amount', '5000'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('A coupon with the code WEDDING-10 already exists');
    expect(await query('select count(*)::int as n from coupons')).toEqual([{ n: 1 }]);

    const listed = await admin(['coupon', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('WEDDING-10');
  });

  it('refuses a bad command line before touching the database', async () => {
    const bad = await admin(['coupon', 'create', '--code', 'NOPE', '--percent', '150'], env);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--percent must be a whole number from 1 to 100');
    const unknown = await admin(['coupons', 'make'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Usage:');
    expect(await query(`select count(*)::int as n from coupons where code = 'NOPE'`)).toEqual([{ n: 0 }]);
  });
});

describe('npm run admin on the embedded database', () => {
  it('starts and stops the embedded server when none runs, and leaves a running one (npm start) running', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mga-'));
    let stop: (() => Promise<void>) | undefined;
    try {
      const first = await admin(['coupon', 'create', '--code', 'EMBEDDED-1', '--amount', '2500'], { DATA_DIR: dataDir });
      expect(first.err).toBe('');
      expect(first.code).toBe(0);
      expect(embeddedServerRunning(dataDir)).toBe(false);

      // As `npm start` would: the server runs while the command is used.
      const password = (JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { databasePassword: string }).databasePassword;
      const server = await startEmbeddedPostgres({ dataDir, password });
      stop = server.stop;
      const second = await admin(['coupon', 'create', '--code', 'EMBEDDED-2', '--percent', '100'], { DATA_DIR: dataDir });
      expect(second.err).toBe('');
      expect(second.code).toBe(0);
      expect(embeddedServerRunning(dataDir)).toBe(true);
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      const { rows } = await client.query('select code from coupons order by code');
      await client.end();
      expect(rows).toEqual([{ code: 'EMBEDDED-1' }, { code: 'EMBEDDED-2' }]);
    } finally {
      await stop?.();
      const layout = clusterLayoutOf(dataDir);
      if (layout.relocated) rmSync(layout.home, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
