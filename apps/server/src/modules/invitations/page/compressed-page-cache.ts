import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Rendered guest pages, compressed, by the exact data they show. A page's HTML is a pure function of its
 * data, so a key that holds the data can never serve a stale page; reopening a page (or a burst on one
 * link) then costs the lookup only, not React and brotli again. Oldest entries leave first.
 */
export type PageEncoding = 'br' | 'gzip' | 'identity';

interface Entry {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

export const createCompressedPageCache = (maxEntries = 2000) => {
  const entries = new Map<string, Entry>();

  const encodingFor = (acceptEncoding: string | undefined): PageEncoding => {
    const accepted = (acceptEncoding ?? '').toLowerCase();
    if (/\bbr\b/.test(accepted)) return 'br';
    if (/\bgzip\b/.test(accepted)) return 'gzip';
    return 'identity';
  };

  /** The page body in the encoding the client takes; `render` runs only when the data was not seen before. */
  const get = (key: string, render: () => string, encoding: PageEncoding): string | Buffer => {
    let entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      entries.set(key, entry);
    } else {
      entry = { html: render() };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      return entry.br;
    }
    if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.html, { level: 6 });
      return entry.gzip;
    }
    return entry.html;
  };

  return { encodingFor, get, size: () => entries.size };
};
