import { safeNextPath } from '@magiim/shared';

/**
 * Where to go after sign-in: the page that asked for it, only when the browser would read it as a page of this
 * site (shared `safeNextPath`), else the event list.
 */
export const returnPathOf = (state: unknown, origin: string = window.location.origin): string =>
  safeNextPath((state as { from?: unknown } | null)?.from, origin) ?? '/manage-events';
