/**
 * Waits on an event outside the page (the app answering, an e-mail in the mailbox, a payment applied, a call
 * report): asks `read` until it returns something other than `undefined`, then returns that, or throws `what` after
 * the deadline. The interval is only how often it asks, never a guessed pause.
 */
export const waitFor = async <T>(
  read: () => Promise<T | undefined>,
  what: string | (() => string),
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> => {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(typeof what === 'string' ? what : what());
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
};
