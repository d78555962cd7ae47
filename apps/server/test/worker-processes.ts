import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const server = path.join(root, 'apps/server');

/**
 * Kill tests start a worker (or the app) a dozen times: from source (`node --import tsx`) each start compiles and
 * loads the whole module graph again (8–20 s on a loaded two-core machine); a bundle of the entry starts in about
 * a second. Built from the sources by each test (so a clean clone needs no `npm run build`), laid out as
 * apps/server/build.mjs lays out dist/ (thread entries, migrations and fonts beside the bundle), in a folder of its
 * own under apps/server/.test-workers (npm packages stay external and load from node_modules); the caller removes it.
 */
export const bundleServerEntries = async (dir: string, entries: Record<string, string>, external: string[] = []): Promise<void> => {
  mkdirSync(dir, { recursive: true });
  symlinkSync(path.join(server, 'src/db/migrations'), path.join(dir, 'migrations'));
  symlinkSync(path.join(server, 'src/modules/invitations/preview-card/fonts'), path.join(dir, 'fonts'));
  await build({
    entryPoints: {
      ...Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(server, file)])),
      'guest-sheet-read-thread': path.join(server, 'src/modules/guests/guest-sheet-read-thread.ts'),
      'guest-sheet-write-thread': path.join(server, 'src/modules/guests/guest-sheet-write-thread.ts'),
      'heic-decode-thread': path.join(server, 'src/modules/event-images/heic-decode-thread.ts'),
      'espeak-thread': path.join(server, 'src/providers/tts/espeak-thread.ts'),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'inline',
    packages: 'external',
    external,
    alias: { '@magiim/shared': path.join(root, 'packages/shared/src/index.ts') },
    logLevel: 'warning',
  });
  // The guest page's script, beside the bundle where the app looks for it (as build.mjs writes it).
  if ('main' in entries)
    await build({
      entryPoints: [path.join(server, 'src/modules/invitations/client/invite-enhance.ts')],
      outfile: path.join(dir, 'invite-enhance.js'),
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2020', 'safari14'],
      legalComments: 'none',
      logLevel: 'warning',
    });
};

/** A fresh folder for a test's bundle (see bundleServerEntries). */
export const testBundleDir = (): string => path.join(server, '.test-workers', `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);

const bundle = async (entry: string, dir: string): Promise<string> => {
  const name = entry.replace(/\.ts$/, '');
  await bundleServerEntries(dir, { [name]: path.join('test/thread-entries', entry) });
  return path.join(dir, `${name}.js`);
};

/**
 * Worker processes a fault test kills: each runs `entry` (a file under test/thread-entries that prints 'ready' once its
 * jobs run). `killAll` in afterAll leaves none behind.
 */
export const createWorkerProcesses = (entry: string, env: Record<string, string | undefined>) => {
  const children: ChildProcess[] = [];
  const dir = testBundleDir();
  let bundled: Promise<string> | undefined;
  const startOnce = async () => {
    bundled ??= bundle(entry, dir);
    const child = spawn(process.execPath, ['--enable-source-maps', await bundled], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
    });
    return { child, exited };
  };
  return {
    /** A start refused by a busy shared server (too many clients) is tried again: the start is not what is tested. */
    start: async (): ReturnType<typeof startOnce> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await startOnce();
        } catch (error) {
          if (attempt >= 3) throw error;
          await new Promise((r) => setTimeout(r, 1_000));
        }
      }
    },
    killAll: () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
