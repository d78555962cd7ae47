import { describe, expect, it } from 'vitest';
import { enqueue, flushQueue, readQueue, type QueueStorage, type QueuedAction } from './offline-queue';

const memory = (): QueueStorage => {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

describe('the door\'s offline queue', () => {
  it('keeps one entry per guest, the latest action winning, in the order acted', () => {
    const s = memory();
    enqueue(s, 'e1', { guestId: 'a', people: 2, at: 1 });
    enqueue(s, 'e1', { guestId: 'b', people: 1, at: 2 });
    enqueue(s, 'e1', { guestId: 'a', people: 3, at: 3 });
    expect(readQueue(s, 'e1')).toEqual([
      { guestId: 'b', people: 1, at: 2 },
      { guestId: 'a', people: 3, at: 3 },
    ]);
    enqueue(s, 'e1', { guestId: 'b', people: null, at: 4 });
    expect(readQueue(s, 'e1').map((e) => [e.guestId, e.people])).toEqual([
      ['a', 3],
      ['b', null],
    ]);
    expect(readQueue(s, 'other')).toEqual([]);
  });

  it('sends in order, stops when offline and keeps the rest; drops what the server refuses', async () => {
    const s = memory();
    enqueue(s, 'e1', { guestId: 'a', people: 2, at: 1 });
    enqueue(s, 'e1', { guestId: 'b', people: 1, at: 2 });
    enqueue(s, 'e1', { guestId: 'c', people: 4, at: 3 });
    const sent: string[] = [];
    const left = await flushQueue(s, 'e1', async (action: QueuedAction) => {
      if (action.guestId === 'c') return 'offline';
      sent.push(action.guestId);
      return action.guestId === 'b' ? 'refused' : 'sent';
    });
    expect(sent).toEqual(['a', 'b']);
    expect(left.map((e) => e.guestId)).toEqual(['c']);
    expect(await flushQueue(s, 'e1', async () => 'sent')).toEqual([]);
  });

  it('reads a damaged store as empty', () => {
    const s = memory();
    s.setItem('magiim.checkin.queue.e1', '{not json');
    expect(readQueue(s, 'e1')).toEqual([]);
  });
});
