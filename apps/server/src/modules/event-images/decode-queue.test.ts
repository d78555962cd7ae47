import { describe, expect, it } from 'vitest';
import { oneDecodeAtATime } from './decode-queue.js';

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('image decodes', () => {
  it('run one at a time, in order, and a failed one does not stop the next', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      // A turn of the event loop: a queue that let the next one start would have it running now.
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      order.push(n);
      if (n === 1) throw new Error('damaged');
      return n;
    };
    const results = await Promise.allSettled([0, 1, 2, 3].map((n) => oneDecodeAtATime(work(n))));
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });

  it('answer UNAVAILABLE at once when too many already wait', async () => {
    let release = () => {};
    const first = oneDecodeAtATime(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = Array.from({ length: 20 }, () => oneDecodeAtATime(async () => 'done'));
    expect(await codeOf(oneDecodeAtATime(async () => 'late'))).toBe('UNAVAILABLE');
    release();
    await first;
    expect(await Promise.all(waiting)).toHaveLength(20);
    expect(await oneDecodeAtATime(async () => 'after')).toBe('after');
  });
});
