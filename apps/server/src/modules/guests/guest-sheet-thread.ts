import { availableParallelism } from 'node:os';
import type { ResourceLimits } from 'node:worker_threads';
import { AppError } from '../../platform/errors.js';
import { runInThread, threadEntry, ThreadFailure } from '../../platform/threads.js';
import type { SheetTask } from './guest-sheet-thread-port.js';

/**
 * Sheets are read and written in a worker thread, never on the event loop: a big file costs that thread's
 * time and memory, and the API keeps answering. Each task gets a thread of its own, so whatever a hostile
 * file makes it hold is freed when the thread ends.
 */

/** A 10,000-row sheet takes about 60 MB to read and 150 MB to write; a task above this is ended. */
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** An honest 10,000-row file reads in well under a second and writes in about two. */
const TIME_LIMIT_MS: Record<SheetTask['kind'], number> = { read: 20_000, write: 60_000 };
/** Threads at once in this process, each using a core: one core always stays for the event loop. */
const MAX_THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

const ENTRIES: Record<SheetTask['kind'], URL> = {
  read: threadEntry(import.meta.url, 'guest-sheet-read-thread'),
  write: threadEntry(import.meta.url, 'guest-sheet-write-thread'),
};

let running = 0;
const waiting: (() => void)[] = [];
const takeTurn = async (): Promise<() => void> => {
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
};

/**
 * Runs one sheet task in a thread of its own, at most MAX_THREADS at once in the process. A read the thread
 * could not finish (too slow, too much memory) is the file's fault: INVALID_FILE.
 */
export const runSheetTask = async (task: SheetTask): Promise<unknown> => {
  const done = await takeTurn();
  try {
    return await runInThread(ENTRIES[task.kind], task, {
      resourceLimits: RESOURCE_LIMITS,
      timeLimitMs: TIME_LIMIT_MS[task.kind],
      transfer: task.kind === 'read' ? [task.file.buffer as ArrayBuffer] : [],
    });
  } catch (error) {
    if (task.kind === 'read' && error instanceof ThreadFailure) {
      throw Object.assign(new AppError('INVALID_FILE', error.reason === 'timeout' ? 'the sheet took too long to read' : 'the sheet could not be read'), {
        cause: error,
      });
    }
    if (task.kind === 'read' && !(error instanceof AppError)) throw Object.assign(new AppError('INVALID_FILE', 'the sheet could not be read'), { cause: error });
    throw error;
  } finally {
    done();
  }
};
