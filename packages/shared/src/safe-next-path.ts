// The shared package has neither DOM nor Node types; both runtimes provide the WHATWG URL used here.
declare const URL: new (input: string, base: string) => { origin: string; pathname: string; search: string; hash: string };

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Where a user-given return address (`?next=`) may send the browser: the same-origin path it names, or null.
 * It is read the way the browser will read it (a WHATWG URL against `origin`), so `/\evil`, `/<tab>/evil` or
 * `https://evil` (all another host to a browser) are refused, and the path given back cannot become another
 * host either (`//evil` after dot segments are removed).
 */
export const safeNextPath = (next: unknown, origin: string): string | null => {
  if (typeof next !== 'string' || CONTROL_CHARACTERS.test(next)) return null;
  // A relative path (`manage-events`, `\\x`) would depend on the page it is read on: only `/…` or a full `scheme://` URL.
  if (!next.startsWith('/') && !ABSOLUTE_URL.test(next)) return null;
  let url;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
};
