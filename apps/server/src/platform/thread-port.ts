import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from './errors.js';

/** What a thread posts back: its value, or its error (with the AppError code when it has one). */
export type ThreadAnswer = { ok: true; value: unknown } | { ok: false; code?: string; message: string };

/**
 * Inside a thread started by runInThread: runs the task on the data it was started with and posts the
 * outcome. A Uint8Array value, or one in `value.pixels`, moves to the main thread instead of being copied.
 */
export const answerParent = <T>(run: (data: T) => Promise<unknown>): void => {
  run((workerData as { data: T }).data).then(
    (value) => {
      const bytes = value instanceof Uint8Array ? value : (value as { pixels?: unknown } | null)?.pixels;
      parentPort!.postMessage({ ok: true, value } satisfies ThreadAnswer, bytes instanceof Uint8Array ? [bytes.buffer as ArrayBuffer] : []);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        ...(error instanceof AppError ? { code: error.code } : {}),
        message: error instanceof Error ? error.message : String(error),
      } satisfies ThreadAnswer),
  );
};
