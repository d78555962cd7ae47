// `npm test`: every suite, in turn: typecheck, lint, unit, the server suites, the build and the browser suites. Every
// line is prefixed with its stage; a summary of each stage's result and time ends the output, after each failed
// stage's own report of what failed (its lines are lost among the other stages' in a log seen only by its end).
// After a failed stage no other starts.
//
// In turn, not side by side: on two cores every stage but the server suites keeps both cores busy, and the server
// suites run beside the others (TEST_BESIDE=1, from the start, three files at a time) were no faster in all and
// slowed every stage (measured the same day, clean clones: in turn 977 s; beside 1,011-1,155 s in four runs, the
// browser journeys 735-867 s against 576 s alone, and each of stop 40's failures a test racing a loaded machine).
//
// SERVER_DATABASE_URL (a superuser URL; CI gives the machine's PostgreSQL) runs the server suites on that server
// instead of the embedded one (three files at a time suit PostgreSQL's default of 100 connections; each test app
// may open up to 14), while the browser journeys keep the embedded one: CI then runs each suite once, not the
// server suites a second time.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @type {{ name: string, args: string[], note?: string, env?: Record<string, string> }[]} */
const IN_TURN = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'unit', args: ['run', 'test:unit'] },
  { name: 'build', args: ['run', 'build'] },
  { name: 'e2e', args: ['exec', '--', 'vitest', 'run', '--project', 'e2e'] },
];
const inTurnOnly = process.env.TEST_BESIDE !== '1';
const serverDatabaseUrl = process.env.SERVER_DATABASE_URL;
// Three server files at a time beside the other stages or on SERVER_DATABASE_URL's server (SERVER_TEST_WORKERS
// overrides); in turn on the embedded server, vitest.config.ts's five.
const serverWorkers = process.env.SERVER_TEST_WORKERS ?? (inTurnOnly && !serverDatabaseUrl ? undefined : '3');
const BESIDE = [
  {
    name: 'server',
    args: ['run', 'test:server'],
    note: `${serverDatabaseUrl ? " (on SERVER_DATABASE_URL's PostgreSQL" : ' (on the embedded PostgreSQL'}${serverWorkers ? `, ${serverWorkers} files at a time)` : ')'}`,
    env: { ...(serverDatabaseUrl ? { DATABASE_URL: serverDatabaseUrl } : {}), ...(serverWorkers ? { SERVER_TEST_WORKERS: serverWorkers } : {}) },
  },
];

/** @type {{ name: string, ok: boolean, seconds: number, lines: string[] }[]} */
const results = [];
const DIGEST_LINES = 80;
// Where vitest's report of failures begins; a stage without one (typecheck, lint, build) shows its last lines.
const FAILURES_BEGIN = /⎯{3,} (Failed Tests|Failed Suites|Unhandled (Errors|Rejection))/;
// eslint-disable-next-line no-control-regex -- the colours a stage's tools print
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');
/** The part of a failed stage's output that says what failed, at most DIGEST_LINES lines. */
const digestOf = (lines) => {
  const begin = lines.findIndex((line) => FAILURES_BEGIN.test(line));
  const part = begin >= 0 ? lines.slice(begin) : lines.slice(-DIGEST_LINES);
  return part.length > DIGEST_LINES ? [...part.slice(0, DIGEST_LINES - 1), `… and ${part.length - DIGEST_LINES + 1} more lines: see the stage's output above`] : part;
};
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
const width = Math.max(...[...IN_TURN, ...BESIDE].map((stage) => stage.name.length));

/** Runs one stage, its output prefixed line by line; resolves with whether it passed. */
const run = (stage) =>
  new Promise((resolve) => {
    const started = Date.now();
    const prefix = `[${stage.name.padEnd(width)}] `;
    process.stdout.write(`${prefix}== npm ${stage.args.join(' ')}${stage.note ?? ''}\n`);
    const child = spawn(npm, stage.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stage.env } });
    running.add(child);
    /** @type {string[]} */
    const lines = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        lines.push(plain(line));
        process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      results.push({ name: stage.name, ok, seconds, lines: ok ? [] : lines });
      process.stdout.write(`${prefix}== ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(ok);
    });
  });

let failed = false;
const inTurn = async (stages) => {
  for (const stage of stages) {
    if (failed) return false;
    if (!(await run(stage))) failed = true;
  }
  return !failed;
};

const started = Date.now();
// Ctrl-C reaches the children through the terminal's process group; a SIGTERM to this process alone is passed on.
process.on('SIGTERM', () => {
  for (const child of running) child.kill('SIGTERM');
  process.exit(143);
});

const passed =
  inTurnOnly
    ? await inTurn([...IN_TURN.slice(0, 3), ...BESIDE, ...IN_TURN.slice(3)])
    : (await Promise.all([inTurn(IN_TURN), inTurn(BESIDE)])).every(Boolean);

for (const result of results.filter((r) => !r.ok)) {
  process.stdout.write(`\n== what failed in ${result.name}:\n${digestOf(result.lines).map((line) => `[${result.name.padEnd(width)}] ${line}\n`).join('')}`);
}
process.stdout.write(`\n== npm test ${passed ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n`);
for (const result of results) process.stdout.write(`   ${result.name.padEnd(width)}  ${result.ok ? 'passed' : 'FAILED'}  ${result.seconds} s\n`);
const missing = [...IN_TURN, ...BESIDE].filter((stage) => !results.some((result) => result.name === stage.name));
for (const stage of missing) process.stdout.write(`   ${stage.name.padEnd(width)}  not run (an earlier stage failed)\n`);
process.exit(passed ? 0 : 1);
