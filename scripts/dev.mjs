// `npm run dev`: the API with restart on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const run = (args) => spawn('npm', args, { stdio: 'inherit', shell: false });
const children = [run(['run', 'dev', '-w', '@magiim/server']), run(['run', 'dev', '-w', '@magiim/web'])];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
