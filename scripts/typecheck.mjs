// `npm run typecheck`: the six TypeScript projects, two at a time (the largest first), each with `tsc -b` so a
// project whose files did not change since its last clean check is not checked again (its *.tsbuildinfo, beside
// its tsconfig.json, gitignored). Fails if any project has an error; prints each project's output in one piece.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = ['apps/server', 'apps/web', 'e2e', 'scripts', 'packages/shared', 'apps/server/src/modules/invitations/client'];
const parallel = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS) || 2, availableParallelism()));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

const check = (project) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-b', project, '--pretty'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -b ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    const passed = [];
    for (let project = queue.shift(); project; project = queue.shift()) passed.push(await check(project));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
