import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { runInThread, ThreadFailure } from './threads.js';

const entry = (name: string) => new URL(`../../test/thread-entries/${name}.ts`, import.meta.url);
const LIMITS = { resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 }, timeLimitMs: 10_000 };

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
};

describe('work in a worker thread', () => {
  it('answers the value, moving a buffer both ways, and an AppError by its code', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await runInThread(entry('answer'), { bytes }, { ...LIMITS, transfer: [bytes.buffer] })).toEqual(new Uint8Array([2, 4, 6]));
    expect(bytes.byteLength).toBe(0);
    const failure = await failureOf(runInThread(entry('answer'), { fail: 'FILE_EMPTY' }, LIMITS));
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'FILE_EMPTY' });
  });

  it('ends a thread past its time limit', async () => {
    const started = Date.now();
    const failure = await failureOf(runInThread(entry('hang'), {}, { ...LIMITS, timeLimitMs: 1_500 }));
    expect(failure).toBeInstanceOf(ThreadFailure);
    expect(failure).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends a thread past its heap limit while the process goes on', { timeout: 30_000 }, async () => {
    const failure = await failureOf(runInThread(entry('hog-memory'), {}, LIMITS));
    expect(failure).toBeInstanceOf(ThreadFailure);
    expect(failure).toMatchObject({ reason: 'stopped' });
    expect(await runInThread(entry('answer'), { bytes: new Uint8Array([5]) }, LIMITS)).toEqual(new Uint8Array([10]));
  });
});
