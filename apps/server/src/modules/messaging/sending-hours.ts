// PLACEHOLDER: the msg-timing helper replaces this with the real rule (quiet hours, Shabbat, holidays; Asia/Jerusalem).
export type SendingHoursMode = 'israel' | 'always';

/** True when a message may go at `at`. */
export const isSendingAllowed = (_at: Date, _mode: SendingHoursMode): boolean => true;

/** `at` itself when allowed, else the first moment of the next sending window. */
export const nextSendingMoment = (at: Date, _mode: SendingHoursMode): Date => at;
