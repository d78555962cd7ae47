// `npm run bench:backup`: seeds a fresh embedded database with about BENCH_BACKUP_MB (default 1024) of rows and media
// files, then backs it up and restores it into a fresh folder, each in a child process, and prints each one's wall
// time and peak RSS (VmHWM of /proc/<pid>/status; the PostgreSQL server is a process of its own and not counted).
// Asserts nothing. The rows are mail_deliveries records (status `dropped`, 2 kB of incompressible text each): one
// narrow table of many rows, the shape that held everything in memory before; the media are 8 MB files.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runBackupCli } from '../apps/server/src/modules/backup/backup-cli.js';
import { runMigrations } from '../apps/server/src/modules/backup/backup.repository.js';
import { migrationsFolder } from '../apps/server/src/modules/backup/backup.service.js';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.js';
import { loadConfig } from '../apps/server/src/platform/env.js';

const self = fileURLToPath(import.meta.url);
const vmHwmMb = (pid: number | 'self'): number => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};
const envOf = (dataDir: string) => ({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' });

if (process.argv[2] === 'child') {
  // The measured process: one backup or restore command, as an operator runs it.
  const [, , , command, dataDir, file] = process.argv as [string, string, string, 'backup' | 'restore', string, string];
  const code = await runBackupCli(command, [file], () => loadConfig(envOf(dataDir)), { out: (line) => console.log(`  ${line}`), err: (line) => console.error(`  ${line}`) });
  console.log(`  VmHWM ${vmHwmMb('self').toFixed(0)} MB`);
  process.exit(code);
}

const TOTAL_MB = Number(process.env.BENCH_BACKUP_MB ?? 1024);
const ROW_BYTES = 2048;
const MEDIA_FILE_MB = 8;
const mediaMb = Math.round(TOTAL_MB * 0.4);
const rowsMb = TOTAL_MB - mediaMb;
const rowCount = Math.round((rowsMb * 1024 * 1024) / ROW_BYTES);

const work = mkdtempSync(path.join(tmpdir(), 'mgm-bench-backup-'));
const dirA = path.join(work, 'a');
const dirB = path.join(work, 'b');
mkdirSync(dirA);
mkdirSync(dirB);
const file = path.join(work, 'bench.backup');

try {
  console.log(`seeding ~${TOTAL_MB} MB: ${rowCount} rows (~${rowsMb} MB) and ${Math.ceil(mediaMb / MEDIA_FILE_MB)} media files (~${mediaMb} MB)`);
  const seedStarted = performance.now();
  const config = loadConfig(envOf(dirA));
  const server = await startEmbeddedPostgres({ dataDir: dirA, password: config.secrets.databasePassword });
  try {
    await runMigrations(server.connectionString, migrationsFolder());
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    const perStatement = 20_000;
    for (let done = 0; done < rowCount; done += perStatement) {
      // md5 chains: text that does not compress, so the file is as large as the data.
      await client.query(
        `insert into mail_deliveries (id, status, sealed)
         select gen_random_uuid(), 'dropped', (select string_agg(md5(n::text || '-' || k::text || random()::text), '') from generate_series(1, $2::int) k)
           from generate_series(1, $1::int) n`,
        [Math.min(perStatement, rowCount - done), ROW_BYTES / 32],
      );
    }
    await client.end();
  } finally {
    await server.stop();
  }
  for (let i = 0, left = mediaMb; left > 0; i++, left -= MEDIA_FILE_MB) {
    const dir = path.join(dirA, 'media', 'events', 'bench', 'v1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${i}.webp`), randomBytes(Math.min(left, MEDIA_FILE_MB) * 1024 * 1024));
  }
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  const run = (command: 'backup' | 'restore', dataDir: string) =>
    new Promise<{ seconds: number; peakMb: number; code: number | null }>((resolve, reject) => {
      const started = performance.now();
      const child = spawn(process.execPath, ['--import', 'tsx', self, 'child', command, dataDir, file], { stdio: ['ignore', 'inherit', 'inherit'] });
      let peakMb = 0;
      // Sampled as it runs too (the child's own figure, printed at its end, is the exact one).
      const sample = setInterval(() => {
        try {
          peakMb = Math.max(peakMb, vmHwmMb(child.pid!));
        } catch {
          /* ended */
        }
      }, 100);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearInterval(sample);
        resolve({ seconds: (performance.now() - started) / 1000, peakMb, code });
      });
    });

  console.log('backup:');
  const backup = await run('backup', dirA);
  console.log(`backup: ${backup.seconds.toFixed(1)} s wall, peak RSS ${backup.peakMb.toFixed(0)} MB (sampled), exit ${backup.code}, file ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB`);
  console.log('restore:');
  const restore = await run('restore', dirB);
  console.log(`restore: ${restore.seconds.toFixed(1)} s wall, peak RSS ${restore.peakMb.toFixed(0)} MB (sampled), exit ${restore.code}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
