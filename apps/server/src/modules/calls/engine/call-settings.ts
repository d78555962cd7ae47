/**
 * The call engine's knobs. Fixed in production; tests shorten the lease (recovery within seconds) and may fix
 * the clock the window is read with.
 */
export const callSettings = {
  /** An attempt not ended and not updated for this long is re-read from the provider (a crash, a lost callback). */
  leaseMs: 120_000,
  /** A dispatch job hands over to a fresh one after this long. */
  pumpBudgetMs: 50_000,
  /** A pump waiting for a free line (the cap is reached) looks again after this long. */
  fullWaitMs: 250,
  /** A pump with nothing ready waits at most this long for a row becoming ready (a retry after a short spacing). */
  idleWaitMs: 5_000,
  /** Key presses wait this long after a prompt (Twilio's Gather timeout). */
  gatherTimeoutSeconds: 8,
  /** A number of several digits (the count, a pickup point) is taken after this pause since the last key, or on #. */
  numberTimeoutSeconds: 3,
  /** The clock of the call window (tests fix it to a moment outside the window). */
  now: (): Date => new Date(),
};
