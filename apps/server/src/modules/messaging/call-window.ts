import { addDays, CALL_WINDOW } from '@magiim/shared';
import { localMoment, localPartsOf } from './local-time.js';
import { sendingWindowOn, type SendingHoursMode } from './sending-hours.js';

/** A fortnight covers any run of closed days (Shabbat next to a two-day holiday). */
const SEARCH_DAYS = 14;

/** The day's call window: the messaging sending window ∩ 10:00–20:00 Asia/Jerusalem; null when no call may ring that day. */
const callWindowOn = (date: string, mode: SendingHoursMode): { open: Date; close: Date } | null => {
  const sending = sendingWindowOn(date, mode);
  if (!sending) return null;
  if (mode === 'always') return sending;
  const open = new Date(Math.max(sending.open.getTime(), localMoment(date, CALL_WINDOW.openMinutes).getTime()));
  const close = new Date(Math.min(sending.close.getTime(), localMoment(date, CALL_WINDOW.closeMinutes).getTime()));
  return open < close ? { open, close } : null;
};

/** True when a call may ring at `at` (SENDING_HOURS=always lifts the window too). */
export const isCallAllowed = (at: Date, mode: SendingHoursMode): boolean => {
  if (mode === 'always') return true;
  const window = callWindowOn(localPartsOf(at).date, mode);
  return window !== null && at >= window.open && at < window.close;
};

/** `at` itself when a call may ring then, else the opening of the next call window. */
export const nextCallMoment = (at: Date, mode: SendingHoursMode): Date => {
  if (isCallAllowed(at, mode)) return at;
  const { date } = localPartsOf(at);
  for (let day = 0; day <= SEARCH_DAYS; day++) {
    const window = callWindowOn(addDays(date, day), mode);
    if (window && window.open > at) return window.open;
  }
  throw new Error(`no call window within ${SEARCH_DAYS} days of ${date}`);
};
