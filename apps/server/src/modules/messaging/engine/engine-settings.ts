/**
 * The dispatcher's knobs. Fixed in production; the fault tests shorten the lease so a killed worker's claims
 * come back within seconds.
 */
export const engineSettings = {
  /** A claim older than this is taken to belong to a dead worker: re-checked with the provider before any resend. Above every provider's timeout. */
  claimLeaseMs: 30_000,
  /** Sends before a transient failure becomes final. */
  maxAttempts: 5,
  /** First back-off after a transient failure (doubles each attempt). */
  retryBaseMs: 2_000,
  /** Rows a dispatcher asks for at once: this share of a second's rate. */
  batchShareOfSecond: 0.1,
  /** Tokens a channel's bucket holds at most, in seconds of its rate (the largest burst after a lag). */
  bucketSeconds: 0.25,
  /** Sends one dispatcher has on the wire at once. */
  maxInFlight: 400,
  /** A dispatch job hands over to a fresh one after this long. */
  pumpBudgetMs: 50_000,
  /** A pump with nothing ready waits this long for rows becoming ready before it ends. */
  idleWaitMs: 5_000,
};
