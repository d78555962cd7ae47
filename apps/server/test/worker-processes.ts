import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Worker processes a fault test kills: each runs `entry` (a file under test/thread-entries that prints 'ready' once its
 * jobs run). `killAll` in afterAll leaves none behind.
 */
export const createWorkerProcesses = (entry: string, env: Record<string, string | undefined>) => {
  const children: ChildProcess[] = [];
  const startOnce = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/test/thread-entries/${entry}`], {
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
    },
  };
};
