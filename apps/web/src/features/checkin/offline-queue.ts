/**
 * Arrivals recorded at the door wait here until the server has them (venue Wi-Fi is poor). One entry per guest:
 * the latest action wins (an arrival's count, or an undo), and both are idempotent on the server, so sending an
 * entry twice, or after the screen reloads, changes nothing.
 */
export interface QueuedAction {
  guestId: string;
  /** People who came; null undoes the arrival. */
  people: number | null;
  /** When the usher acted (ms), for ordering. */
  at: number;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const keyOf = (eventId: string) => `magiim.checkin.queue.${eventId}`;

export const readQueue = (storage: QueueStorage, eventId: string): QueuedAction[] => {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(eventId)) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((e): e is QueuedAction => typeof e?.guestId === 'string' && (e.people === null || typeof e.people === 'number') && typeof e.at === 'number')
      : [];
  } catch {
    return [];
  }
};

const writeQueue = (storage: QueueStorage, eventId: string, queue: QueuedAction[]) => {
  if (queue.length === 0) storage.removeItem(keyOf(eventId));
  else storage.setItem(keyOf(eventId), JSON.stringify(queue));
};

/** Adds (or replaces) the guest's pending action. */
export const enqueue = (storage: QueueStorage, eventId: string, action: QueuedAction): QueuedAction[] => {
  const queue = [...readQueue(storage, eventId).filter((e) => e.guestId !== action.guestId), action].sort((a, b) => a.at - b.at);
  writeQueue(storage, eventId, queue);
  return queue;
};

/** Drops the entry once sent, unless a newer action for the guest came in meanwhile. */
export const settle = (storage: QueueStorage, eventId: string, sent: QueuedAction): QueuedAction[] => {
  const queue = readQueue(storage, eventId).filter((e) => !(e.guestId === sent.guestId && e.at === sent.at));
  writeQueue(storage, eventId, queue);
  return queue;
};

/** What `send` reports: sent (drop it), offline (stop, try later), or refused by the server (drop it; it cannot pass). */
export type SendResult = 'sent' | 'offline' | 'refused';

/** Sends the queue in order; stops at the first network failure. Answers the entries still waiting. */
export const flushQueue = async (storage: QueueStorage, eventId: string, send: (action: QueuedAction) => Promise<SendResult>): Promise<QueuedAction[]> => {
  for (const action of readQueue(storage, eventId)) {
    const result = await send(action);
    if (result === 'offline') break;
    settle(storage, eventId, action);
  }
  return readQueue(storage, eventId);
};
