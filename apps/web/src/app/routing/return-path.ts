/** Where to go after sign-in: the page that asked for it (same-origin paths only), else the event list. */
export const returnPathOf = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/manage-events';
};
