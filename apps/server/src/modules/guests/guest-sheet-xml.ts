import { StringDecoder } from 'node:string_decoder';

/**
 * The few pieces of SpreadsheetML the guest reader needs, read as text: the parts are machine-written, flat
 * (rows hold cells, shared strings hold runs) and never nest an element in one of its own kind, so a scanner
 * that cuts one element at a time is enough and keeps only that element in memory.
 */

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const decodeXmlText = (text: string): string =>
  text.includes('&')
    ? text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
        if (entity[0] !== '#') return XML_ENTITIES[entity]!;
        const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : '';
      })
    : text;

/** Attributes of a start tag, by local name (a namespace prefix is dropped). */
export const attributesOf = (startTag: string): Record<string, string> => {
  const attributes: Record<string, string> = {};
  for (const match of startTag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1]!.includes(':') && !match[1]!.startsWith('xmlns') ? match[1]!.slice(match[1]!.indexOf(':') + 1) : match[1]!;
    attributes[name] = decodeXmlText(match[2] ?? match[3] ?? '');
  }
  return attributes;
};

/** Every `<name …/>` or `<name …>…</name>` (any prefix) in `xml`, start tag and inner text. */
export const elementsIn = (xml: string, name: string): { startTag: string; inner: string }[] => {
  const pattern = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?${name})(?=[\\s/>])([^>]*?)(/?)>`, 'g');
  const found: { startTag: string; inner: string }[] = [];
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(xml))) {
    if (match[3] === '/') {
      found.push({ startTag: match[2]!, inner: '' });
      continue;
    }
    const close = xml.indexOf(`</${match[1]}>`, pattern.lastIndex);
    if (close < 0) break;
    found.push({ startTag: match[2]!, inner: xml.slice(pattern.lastIndex, close) });
    pattern.lastIndex = close + match[1]!.length + 3;
  }
  return found;
};

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined, phonetic hints (`<rPh>`) left out. */
export const stringItemText = (inner: string): string =>
  elementsIn(inner.replace(/<((?:\w+:)?rPh)\b[\s\S]*?<\/\1>/g, ''), 't')
    .map((t) => decodeXmlText(t.inner))
    .join('');

/**
 * Reads one element named `name` at a time from a stream of XML bytes, holding only what has not been
 * handed out yet. `next()` answers the element's XML, or null at the end of the stream.
 */
export class XmlElementStream {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private ended = false;
  private readonly start: RegExp;

  constructor(
    private readonly chunks: AsyncIterator<Buffer>,
    name: string,
  ) {
    this.start = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?${name})(?=[\\s/>])[^>]*?(/?)>`, 'g');
  }

  async next(): Promise<string | null> {
    for (;;) {
      this.start.lastIndex = 0;
      const match = this.start.exec(this.pending);
      if (match) {
        if (match[2] === '/') return this.take(this.start.lastIndex);
        const closeTag = `</${match[1]}>`;
        const close = this.pending.indexOf(closeTag, this.start.lastIndex);
        if (close >= 0) return this.take(close + closeTag.length, match.index);
        // Drop what precedes the element's start; keep the rest until its end arrives.
        this.pending = this.pending.slice(match.index);
      } else if (this.ended) {
        return null;
      } else {
        // Keep a tail that may be the beginning of a start tag cut by the chunk boundary.
        const lastOpen = this.pending.lastIndexOf('<');
        this.pending = lastOpen >= 0 ? this.pending.slice(lastOpen) : '';
      }
      if (this.ended) return null;
      const chunk = await this.chunks.next();
      if (chunk.done) {
        this.pending += this.decoder.end();
        this.ended = true;
      } else {
        this.pending += this.decoder.write(chunk.value);
      }
    }
  }

  private take(end: number, from = 0): string {
    const element = this.pending.slice(from, end);
    this.pending = this.pending.slice(end);
    return element;
  }
}
