// Shared pieces of the server benchmarks: start the built app or a plain Fastify, drive autocannon, print.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export const ensureBuilt = async (withWeb: boolean) => {
  const missing = !existsSync(path.join(root, 'apps/server/dist/main.js')) || (withWeb && !existsSync(path.join(root, 'apps/web/dist/index.html')));
  if (!missing) return;
  console.log('building…');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (${code})`))));
  });
};

export interface Running {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

const waitUntilUp = async (url: string, child: ChildProcess) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Where the servers and the load generator run, when they can be kept apart. */
export interface Pinning {
  server: string;
  client: string;
  all: string;
}

/**
 * On a machine with two or more CPUs and `taskset`, the server under test gets the last CPU and the load
 * generator the others, so neither steals the other's core (unpinned, two plain Fastify servers measured
 * back to back differed by up to 40%). BENCH_PIN=off turns it off.
 */
export const pinning = (): Pinning | undefined => {
  const cpus = availableParallelism();
  if (process.env.BENCH_PIN === 'off' || cpus < 2) return undefined;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { server: String(cpus - 1), client: cpus === 2 ? '0' : `0-${cpus - 2}`, all: `0-${cpus - 1}` };
};

/** Moves a running process (every thread, not its children) to `cpus`. */
export const pinProcess = (pid: number, cpus: string) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });

/** The built app as `npm start` runs it (default log level), on the embedded default or `databaseUrl`. */
export const startBuiltApp = async (env: Record<string, string> = {}): Promise<Running> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mgb-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMITS: 'off', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/api/health`, child);
  return { url, child, dataDir, stop: () => stopChild(child) };
};

/** The yardstick: a plain Fastify "hello" in its own process. */
export const startPlainFastify = async (cpu?: string): Promise<Running> => {
  const port = await freePort();
  const code = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const node = [process.execPath, '--input-type=module', '-e', code];
  const [command, ...args] = cpu ? ['taskset', '-c', cpu, ...node] : node;
  const child = spawn(command!, args, { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child);
  return { url, child, dataDir: '', stop: () => stopChild(child) };
};

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}

export const load = async (options: Load) => {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    connections: options.connections ?? 50,
    duration: options.seconds ?? 5,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

export const API_HEADERS = { 'x-platform': 'web', 'content-type': 'application/json' };

/** What a sign-in answers and the web app keeps in local storage. */
export interface SignedInSession {
  accessToken: string;
  userData: unknown;
  userAbility: unknown;
}

/** Registers, verifies (through the dev mailbox) and signs in a host; returns a bearer token. */
export const signedInToken = async (url: string): Promise<string> => (await signedInSession(url)).accessToken;

/** Registers, verifies (through the dev mailbox) and signs in a host; returns the session as the app stores it. */
export const signedInSession = async (url: string): Promise<SignedInSession> => {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'Chuppah-2026';
  const post = (p: string, body: object) => fetch(`${url}/api${p}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify(body) });
  await post('/auth/register', { fullName: 'Bench Host', email, password, confirmPassword: password, acceptTerms: true, isAdult: true, lang: 'en' });
  for (let i = 0; i < 100; i++) {
    const mail = (await (await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
    const token = /\/verify-email\/([\w-]+)/.exec(mail.messages[0]?.text ?? '')?.[1];
    if (token) {
      await post('/auth/verifyEmail', { token });
      return (await (await post('/auth/login', { email, password })).json()) as SignedInSession;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verification e-mail');
};

export const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

export const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);
