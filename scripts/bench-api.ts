// `npm run bench:api`: the cost of the API's hot paths beside a plain Fastify "hello" measured in the same run,
// on the embedded default and (when reachable) on PostgreSQL. Prints figures; asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  API_HEADERS,
  ensureBuilt,
  fmt,
  load,
  pinProcess,
  pinning,
  root,
  rssMb,
  signedInToken,
  startBuiltApp,
  startPlainFastify,
  type Running,
} from './bench-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Pairs (plain Fastify, then the route) per route; the ratio printed is their median. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);

const embeddedUrl = (app: Running) => {
  const secrets = JSON.parse(readFileSync(path.join(app.dataDir, 'secrets.json'), 'utf8')) as { databasePassword: string };
  return `postgres://postgres:${encodeURIComponent(secrets.databasePassword)}@localhost:5432/postgres?host=${encodeURIComponent(path.join(app.dataDir, 'run'))}`;
};

const postgresAdminUrl = async (): Promise<string | undefined> => {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
};

const staticAsset = (): string | undefined => {
  const dir = path.join(root, 'apps/web/dist/assets');
  try {
    const file = readdirSync(dir).find((name) => name.endsWith('.js') && !name.endsWith('.map'));
    return file ? `/assets/${file}` : undefined;
  } catch {
    return undefined;
  }
};

const measure = async (label: string, plain: Running, app: Running, databaseUrl: string) => {
  const token = await signedInToken(app.url);
  const auth = { ...API_HEADERS, authorization: `Bearer ${token}` };
  console.log(`\n== ${label}`);
  console.log('route                         req/s   ratio   p99 ms  target   (ratios of each pair)');
  // The machine's speed drifts between runs (a VM shares its cores): each route is measured in PAIRS runs, each
  // right after a plain Fastify "hello"; the figure is the median of those ratios.
  const row = async (name: string, options: Parameters<typeof load>[0], target: string) => {
    const ratios: number[] = [];
    let last = { rps: 0, p99: 0, errors: 0 };
    // Unmeasured: the route's code is compiled and optimised before its first pair, as in a running server.
    await load({ ...options, seconds: 1 });
    for (let i = 0; i < PAIRS; i += 1) {
      const hello = await load({ url: plain.url, seconds: SECONDS });
      last = await load(options);
      ratios.push(last.rps / hello.rps);
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    console.log(
      `${name.padEnd(26)}${fmt(last.rps)}${fmt(median, 2)}${fmt(last.p99)}  ${target}   (${ratios.map((r) => r.toFixed(2)).join(' ')})${last.errors ? `  (${last.errors} errors)` : ''}`,
    );
  };
  // The ratios with the Node server on its own core (its database, if any, is not pinned); the figures below
  // it with every process free to use every core, as argon2's threads and the static files share them.
  if (pin) {
    pinProcess(app.child.pid!, pin.server);
    pinProcess(process.pid, pin.client);
  }
  await row('GET /api/user/me', { url: `${app.url}/api/user/me`, headers: auth, seconds: SECONDS }, '≥ 0.15');
  await row('GET /api/health', { url: `${app.url}/api/health`, seconds: SECONDS }, '≥ 0.30');
  await row('GET /api/config', { url: `${app.url}/api/config`, headers: API_HEADERS, seconds: SECONDS }, '≥ 0.70');
  if (pin) {
    pinProcess(app.child.pid!, pin.all);
    pinProcess(process.pid, pin.all);
  }

  // A slow query holds a connection for 0.5 s at a time; a route that needs no database must not notice.
  const slow = new pg.Client({ connectionString: databaseUrl });
  await slow.connect();
  let slowRunning = true;
  const slowLoop = (async () => {
    while (slowRunning) await slow.query('select pg_sleep(0.5)');
  })();
  const during = await load({ url: `${app.url}/api/config`, headers: API_HEADERS, connections: 10, seconds: SECONDS });
  slowRunning = false;
  await slowLoop;
  await slow.end();
  console.log(`no-database route p99 while 0.5 s queries run: ${during.p99} ms (target < 20)`);

  const asset = staticAsset();
  if (asset) {
    const [burst, assets] = await Promise.all([
      load({
        url: `${app.url}/api/auth/login`,
        method: 'POST',
        headers: API_HEADERS,
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' }),
        connections: 50,
        seconds: SECONDS,
      }),
      load({ url: `${app.url}${asset}`, connections: 10, seconds: SECONDS }),
    ]);
    console.log(`static asset p99 during a login burst (c=50, ${Math.round(burst.rps)} logins/s): ${assets.p99} ms (target < 50)`);
  } else {
    console.log('static asset during a login burst: skipped (no web build: run npm run build)');
  }
};

await ensureBuilt(true);
const pin = pinning();
if (pin) console.log(`ratios: servers on CPU ${pin.server}, the load generator on CPU ${pin.client} (BENCH_PIN=off to share them)`);
const plain = await startPlainFastify(pin?.server);
const plainResult = await load({ url: plain.url, seconds: SECONDS });
console.log(`plain Fastify "hello": ${Math.round(plainResult.rps)} req/s, p99 ${plainResult.p99} ms (c=50, ${SECONDS} s)`);

const embedded = await startBuiltApp();
try {
  await new Promise((r) => setTimeout(r, 3000));
  console.log(`\nidle RSS of the Node process on the embedded default: ${rssMb(embedded.child.pid!).toFixed(0)} MB (target ≤ 200)`);
  const pgPids = readFileSync(path.join(embedded.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0];
  if (pgPids) console.log(`the embedded PostgreSQL's postmaster, apart: ${rssMb(Number(pgPids)).toFixed(0)} MB`);
  await measure('embedded PostgreSQL (the default)', plain, embedded, embeddedUrl(embedded));
} finally {
  await embedded.stop();
}

const adminUrl = await postgresAdminUrl();
if (adminUrl) {
  const name = `magiim_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const app = await startBuiltApp({ DATABASE_URL: url.toString() });
  try {
    await measure('PostgreSQL (DATABASE_URL)', plain, app, url.toString());
  } finally {
    await app.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL, or run one on 127.0.0.1:5432)');
}
await plain.stop();
