import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ErrorCode } from '@magiim/shared';
import { AppError } from './errors.js';
import type { ThreadAnswer } from './thread-port.js';

/**
 * Work that must not run on the event loop (reading a spreadsheet, decoding an image in WebAssembly) runs in a
 * worker thread of its own: its time and memory are that thread's, bounded, and freed when it ends.
 */

/** Why a thread ended without an answer: past its time limit, or stopped (out of memory, crashed). */
export class ThreadFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'stopped',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Where a thread's entry is: the TypeScript file beside `moduleUrl` when running from the sources, or the
 * `.js` esbuild emits beside the bundle (apps/server/build.mjs lists every entry).
 */
export const threadEntry = (moduleUrl: string, name: string): URL => new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);


export interface ThreadOptions {
  resourceLimits: ResourceLimits;
  timeLimitMs: number;
  /** Buffers that move to the thread instead of being copied. */
  transfer?: ArrayBuffer[];
}

/**
 * Starts `entry` with `data` and answers what it posts back. An answer with an error code rejects with that
 * AppError; any other failure of the task rejects with a plain Error; a thread that times out or stops
 * rejects with ThreadFailure. The thread is ended in every case.
 */
export const runInThread = async (entry: URL, data: unknown, options: ThreadOptions): Promise<unknown> => {
  // From the sources (tests, `npm run dev`) the entry is bundled first, as the build does (thread-sources.ts).
  const script = entry.pathname.endsWith('.ts') ? await (await import('./thread-sources.js')).threadScriptFromSources(entry) : entry;
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: { data },
      transferList: options.transfer ?? [],
      resourceLimits: options.resourceLimits,
      // What a library prints in the thread (libheif does) is not our log; errors come back as answers.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new ThreadFailure('timeout', 'the thread took too long'))), options.timeLimitMs);
    worker.once('message', (answer: ThreadAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.value);
        else if (answer.code) reject(new AppError(answer.code as ErrorCode, answer.message));
        else reject(new Error(answer.message));
      }),
    );
    // ERR_WORKER_OUT_OF_MEMORY when the resource limits are hit; a thread that exits without answering ends here too.
    worker.once('error', (error) => settle(() => reject(new ThreadFailure('stopped', 'the thread stopped', { cause: error }))));
    worker.once('exit', (code) => settle(() => reject(new ThreadFailure('stopped', `the thread exited (${code})`))));
  });
};
