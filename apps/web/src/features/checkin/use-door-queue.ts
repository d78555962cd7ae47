import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../app/api-error';
import { checkinKeys, sendArrival, sendUndo } from './api';
import { enqueue, flushQueue, readQueue, type QueuedAction, type SendResult } from './offline-queue';

const RETRY_MS = 5_000;

const sendOne = (eventId: string) => async (action: QueuedAction): Promise<SendResult> => {
  try {
    if (action.people === null) await sendUndo(eventId, action.guestId);
    else await sendArrival(eventId, action.guestId, action.people);
    return 'sent';
  } catch (error) {
    // No answer at all (no network, timed out) waits; an answer from the server will not change on a retry.
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) return 'refused';
    return 'offline';
  }
};

/**
 * The door's actions: each goes to the browser's queue first, then to the server when it can be reached (at once,
 * when the browser comes back online, and every few seconds). `local` holds what the screen shows meanwhile.
 */
export const useDoorQueue = (eventId: string) => {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(() => readQueue(localStorage, eventId));
  const flushing = useRef(false);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const before = readQueue(localStorage, eventId).length;
      const left = await flushQueue(localStorage, eventId, sendOne(eventId));
      setPending(left);
      if (left.length < before) await queryClient.invalidateQueries({ queryKey: checkinKeys.all(eventId) });
    } finally {
      flushing.current = false;
    }
  }, [eventId, queryClient]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [flush]);

  const record = useCallback(
    (guestId: string, people: number | null) => {
      setPending(enqueue(localStorage, eventId, { guestId, people, at: Date.now() }));
      void flush();
    },
    [eventId, flush],
  );

  /** The latest action per guest not yet sent: the screen shows it over the server's answer. */
  const local = new Map(pending.map((action) => [action.guestId, action.people]));
  return { pendingCount: pending.length, local, record };
};
