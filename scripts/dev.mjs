// `npm run dev`: the API with restart on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// E-mailed links should open the Vite dev server, and the data lives where `npm start` keeps it.
const env = { APP_URL: 'http://localhost:5173', DATA_DIR: path.join(root, 'data'), ...process.env };
const run = (args) => spawn('npm', args, { stdio: 'inherit', shell: false, env });
const children = [run(['run', 'dev', '-w', '@magiim/server']), run(['run', 'dev', '-w', '@magiim/web'])];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
