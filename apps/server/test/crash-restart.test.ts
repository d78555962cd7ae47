import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.js';
import { bundleServerEntries, testBundleDir } from './worker-processes.js';
import { PLATFORM_HEADER } from '@magiim/shared';
import { clusterLayoutOf, embeddedServerRunning } from '../src/platform/embedded-postgres.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'Chuppah-2026';


// `npm start`'s entries bundled from the sources once (as the build lays out dist/): eleven starts through tsx
// compiled the whole server eleven times.
const bundleDir = testBundleDir();
let bundled: Promise<string> | undefined;
const mainScript = () =>
  (bundled ??= bundleServerEntries(bundleDir, { main: 'src/main.ts', 'server-main': 'src/server-main.ts' }, ['./server-main.js']).then(() =>
    path.join(bundleDir, 'main.js'),
  ));

/** `npm start`'s process (no build needed), on the embedded default in `dataDir`. */
const startApp = async (dataDir: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', await mainScript()], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // No web files: these starts are about the API, and npm test may be rebuilding apps/web/dist meanwhile.
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not come up: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: 'web' }, body: JSON.stringify(body) });

const register = (url: string, email: string) =>
  post(`${url}/api/auth/register`, { fullName: 'Crash Host', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en' });

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(bundleDir, { recursive: true, force: true });
  // A test that failed midway left its killed app's database server running: stop it (fast shutdown) and remove
  // its folders, so no stray server outlives the run.
  for (const dataDir of dataDirs) {
    const layout = clusterLayoutOf(dataDir);
    if (embeddedServerRunning(dataDir)) {
      const pid = Number(readFileSync(path.join(layout.pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGINT');
      // The server's exit, waited on with a deadline (expect.poll belongs to tests, not hooks).
      await vi
        .waitFor(() => expect(embeddedServerRunning(dataDir)).toBe(false), { timeout: 30_000, interval: 100 })
        .catch(() => undefined);
    }
    if (layout.relocated) rmSync(layout.home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('kill -9 of the app', () => {
  // Eleven starts of npm start's embedded database: 60 s alone, and past 180 s twice beside the other server files
  // on a loaded two-core machine (the deadline is a safety net; every step waits on its event).
  it('comes back up ten times in a row with writes in flight, and loses no confirmed write', { timeout: 360_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mgk-'));
    dataDirs.push(dataDir);
    const confirmed: string[] = [];
    const serverPids = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const { child, url, exited } = await startApp(dataDir);
      children.push(child);
      // The database server outlives each killed app and is reused, not restarted.
      serverPids.add(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!);
      let stop = false;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let n = 0; !stop; n++) {
          const email = `crash.${round}.${writer}.${n}@example.com`;
          try {
            if ((await register(url, email)).status === 201) confirmed.push(email);
          } catch {
            return; // the process died mid-request: this write was never confirmed
          }
        }
      });
      // Killed once 2 to 4 more sign-ups were confirmed: mid-write, whatever the machine's speed.
      const target = confirmed.length + 2 + (round % 3);
      await expect.poll(() => confirmed.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(target);
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await exited;
    }
    expect(confirmed.length).toBeGreaterThan(10);
    expect(serverPids.size).toBe(1);

    const { child, url, exited } = await startApp(dataDir);
    children.push(child);
    // An existing, unverified account answers the right password with 401 verify_email; a lost one would not.
    for (const email of confirmed) {
      const res = await post(`${url}/api/auth/login`, { email, password: PASSWORD });
      expect({ email, code: ((await res.json()) as { code: string }).code }).toEqual({ email, code: 'verify_email' });
    }
    child.kill('SIGTERM');
    await exited;
    // A clean stop takes the database server down with it.
    expect(embeddedServerRunning(dataDir)).toBe(false);
  });
});
