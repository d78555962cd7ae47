import { describe, expect, it } from 'vitest';
import { createAppHooks } from './hooks.js';

describe('app hooks', () => {
  it('runs the subscribers in order, one after the other, and answers their results', async () => {
    const hooks = createAppHooks();
    const seen: string[] = [];
    hooks.subscribe('eventDeleting', async (eventId) => {
      seen.push(`first ${eventId}`);
      return async () => void seen.push('first after');
    });
    hooks.subscribe('eventDeleting', async (eventId) => {
      seen.push(`second ${eventId}`);
      return async () => void seen.push('second after');
    });
    const after = await hooks.emit('eventDeleting', 'e1');
    for (const step of after) await step();
    expect(seen).toEqual(['first e1', 'second e1', 'first after', 'second after']);
  });

  it("passes a subscriber's error to the caller, and an optional hook without subscribers does nothing", async () => {
    const hooks = createAppHooks();
    await expect(hooks.emit('eventCreated', 'e1')).resolves.toEqual([]);
    hooks.subscribe('eventCreated', async () => {
      throw new Error('timing not created');
    });
    await expect(hooks.emit('eventCreated', 'e1')).rejects.toThrow('timing not created');
  });

  it('refuses a required hook nobody subscribed to (the work would be skipped silently)', async () => {
    await expect(createAppHooks().emit('guestPageOptOut', 'token')).rejects.toThrow('hook guestPageOptOut has no subscriber');
  });
});
