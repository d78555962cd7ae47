import { brotliDecompressSync } from 'node:zlib';

/**
 * WOFF2 to a plain TrueType file (the W3C WOFF2 format, glyf/loca and hmtx transforms included). The fonts the
 * web app ships are WOFF2 only, and the image library's FreeType reads TrueType: this lets the preview card use
 * the brand's own fonts on a machine that has none installed.
 */

const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT',
  'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH',
  'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
];

class Reader {
  offset = 0;
  constructor(
    readonly data: Buffer,
    readonly end = data.length,
    start = 0,
  ) {
    this.offset = start;
  }
  private need(n: number): number {
    const at = this.offset;
    if (at + n > this.end) throw new Error('woff2: truncated data');
    this.offset += n;
    return at;
  }
  u8 = () => this.data.readUInt8(this.need(1));
  u16 = () => this.data.readUInt16BE(this.need(2));
  i16 = () => this.data.readInt16BE(this.need(2));
  u32 = () => this.data.readUInt32BE(this.need(4));
  bytes = (n: number) => this.data.subarray(this.need(n), this.offset);
  base128(): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = this.u8();
      if (i === 0 && byte === 0x80) throw new Error('woff2: bad UIntBase128');
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('woff2: UIntBase128 too long');
  }
  u255(): number {
    const code = this.u8();
    if (code === 253) return this.u16();
    if (code === 255) return this.u8() + 253;
    if (code === 254) return this.u8() + 506;
    return code;
  }
}

interface TableEntry {
  tag: string;
  transformed: boolean;
  origLength: number;
  length: number;
  data?: Buffer;
}

const withSign = (flag: number, value: number): number => (flag & 1 ? value : -value);

/** One point's (dx, dy) from the glyph stream, by the flag's triplet encoding. */
const readTriplet = (flag: number, glyphs: Reader): [number, number] => {
  if (flag < 10) return [0, withSign(flag, ((flag & 14) << 7) + glyphs.u8())];
  if (flag < 20) return [withSign(flag, (((flag - 10) & 14) << 7) + glyphs.u8()), 0];
  if (flag < 84) {
    const b0 = flag - 20;
    const b1 = glyphs.u8();
    return [withSign(flag, 1 + (b0 & 0x30) + (b1 >> 4)), withSign(flag >> 1, 1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f))];
  }
  if (flag < 120) {
    const b0 = flag - 84;
    const x = glyphs.u8();
    const y = glyphs.u8();
    return [withSign(flag, 1 + (Math.floor(b0 / 12) << 8) + x), withSign(flag >> 1, 1 + (((b0 % 12) >> 2) << 8) + y)];
  }
  if (flag < 124) {
    const a = glyphs.u8();
    const b = glyphs.u8();
    const c = glyphs.u8();
    return [withSign(flag, (a << 4) + (b >> 4)), withSign(flag >> 1, ((b & 0x0f) << 8) + c)];
  }
  const a = glyphs.u16();
  const b = glyphs.u16();
  return [withSign(flag, a), withSign(flag >> 1, b)];
};

const COMPOSITE = { argsAreWords: 0x0001, haveScale: 0x0008, moreComponents: 0x0020, haveXYScale: 0x0040, haveTwoByTwo: 0x0080, haveInstructions: 0x0100 };

/** Rebuilds glyf and loca (long offsets) from the transformed glyf table; also gives each glyph's xMin for hmtx. */
const rebuildGlyf = (data: Buffer): { glyf: Buffer; loca: Buffer; xMins: number[] } => {
  const header = new Reader(data);
  header.u16(); // reserved
  const optionFlags = header.u16();
  const numGlyphs = header.u16();
  header.u16(); // indexFormat: we always write long offsets
  const sizes = Array.from({ length: 7 }, () => header.u32());
  let at = header.offset;
  const streams = sizes.map((size) => {
    const reader = new Reader(data, at + size, at);
    at += size;
    return reader;
  });
  const [contours, points, flags, glyphs, composites, bboxes, instructions] = streams as [Reader, Reader, Reader, Reader, Reader, Reader, Reader];
  const bitmapLength = ((numGlyphs + 31) >> 5) << 2;
  const bboxBitmap = bboxes.bytes(bitmapLength);
  const hasBbox = (glyph: number) => (bboxBitmap[glyph >> 3]! & (0x80 >> (glyph & 7))) !== 0;
  const overlapBitmap = optionFlags & 1 ? new Reader(data, data.length, at).bytes((numGlyphs + 7) >> 3) : null;

  const out: Buffer[] = [];
  const offsets: number[] = [0];
  const xMins: number[] = [];
  let size = 0;
  const push = (glyph: Buffer) => {
    const padded = glyph.length % 4 ? Buffer.concat([glyph, Buffer.alloc(4 - (glyph.length % 4))]) : glyph;
    out.push(padded);
    size += padded.length;
    offsets.push(size);
  };

  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    const nContours = contours.i16();
    if (nContours === 0) {
      xMins.push(0);
      offsets.push(size);
      continue;
    }
    if (nContours === -1) {
      const start = composites.offset;
      let more = true;
      let haveInstructions = false;
      while (more) {
        const flag = composites.u16();
        composites.u16(); // glyph index
        composites.bytes(flag & COMPOSITE.argsAreWords ? 4 : 2);
        if (flag & COMPOSITE.haveScale) composites.bytes(2);
        else if (flag & COMPOSITE.haveXYScale) composites.bytes(4);
        else if (flag & COMPOSITE.haveTwoByTwo) composites.bytes(8);
        haveInstructions ||= (flag & COMPOSITE.haveInstructions) !== 0;
        more = (flag & COMPOSITE.moreComponents) !== 0;
      }
      const body = data.subarray(start, composites.offset);
      const bbox = [bboxes.i16(), bboxes.i16(), bboxes.i16(), bboxes.i16()];
      const head = Buffer.alloc(10);
      head.writeInt16BE(-1, 0);
      bbox.forEach((value, i) => head.writeInt16BE(value, 2 + i * 2));
      const parts = [head, body];
      if (haveInstructions) {
        const length = glyphs.u255();
        const lengthBytes = Buffer.alloc(2);
        lengthBytes.writeUInt16BE(length);
        parts.push(lengthBytes, instructions.bytes(length));
      }
      xMins.push(bbox[0]!);
      push(Buffer.concat(parts));
      continue;
    }
    const endPoints: number[] = [];
    let total = 0;
    for (let c = 0; c < nContours; c++) {
      total += points.u255();
      endPoints.push(total - 1);
    }
    const xs: number[] = [];
    const ys: number[] = [];
    const onCurve: boolean[] = [];
    let x = 0;
    let y = 0;
    for (let p = 0; p < total; p++) {
      const flag = flags.u8();
      const [dx, dy] = readTriplet(flag & 0x7f, glyphs);
      x += dx;
      y += dy;
      xs.push(x);
      ys.push(y);
      onCurve.push((flag & 0x80) === 0);
    }
    const instructionLength = glyphs.u255();
    const program = instructions.bytes(instructionLength);
    const bbox = hasBbox(glyph)
      ? [bboxes.i16(), bboxes.i16(), bboxes.i16(), bboxes.i16()]
      : [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const overlap = overlapBitmap && (overlapBitmap[glyph >> 3]! & (0x80 >> (glyph & 7))) !== 0;
    // Every coordinate as a 16-bit delta: larger than TrueType's short forms, but simple and valid.
    const glyphData = Buffer.alloc(10 + nContours * 2 + 2 + instructionLength + total * 5);
    let o = glyphData.writeInt16BE(nContours, 0);
    for (const value of bbox) o = glyphData.writeInt16BE(value, o);
    for (const end of endPoints) o = glyphData.writeUInt16BE(end, o);
    o = glyphData.writeUInt16BE(instructionLength, o);
    o += program.copy(glyphData, o);
    for (let p = 0; p < total; p++) o = glyphData.writeUInt8((onCurve[p] ? 1 : 0) | (p === 0 && overlap ? 0x40 : 0), o);
    for (let p = 0; p < total; p++) o = glyphData.writeInt16BE(xs[p]! - (p ? xs[p - 1]! : 0), o);
    for (let p = 0; p < total; p++) o = glyphData.writeInt16BE(ys[p]! - (p ? ys[p - 1]! : 0), o);
    xMins.push(bbox[0]!);
    push(glyphData);
  }
  const loca = Buffer.alloc(offsets.length * 4);
  offsets.forEach((offset, i) => loca.writeUInt32BE(offset, i * 4));
  return { glyf: Buffer.concat(out), loca, xMins };
};

/** hmtx from its transformed form: side bearings left out equal each glyph's xMin. */
const rebuildHmtx = (data: Buffer, numHMetrics: number, numGlyphs: number, xMins: number[]): Buffer => {
  const reader = new Reader(data);
  const flags = reader.u8();
  const advances = Array.from({ length: numHMetrics }, () => reader.u16());
  const lsbs = Array.from({ length: numHMetrics }, (_, i) => (flags & 1 ? (xMins[i] ?? 0) : reader.i16()));
  const extra = Array.from({ length: numGlyphs - numHMetrics }, (_, i) => (flags & 2 ? (xMins[numHMetrics + i] ?? 0) : reader.i16()));
  const out = Buffer.alloc(numHMetrics * 4 + extra.length * 2);
  let o = 0;
  for (let i = 0; i < numHMetrics; i++) {
    o = out.writeUInt16BE(advances[i]!, o);
    o = out.writeInt16BE(lsbs[i]!, o);
  }
  for (const lsb of extra) o = out.writeInt16BE(lsb, o);
  return out;
};

const checksumOf = (table: Buffer): number => {
  const padded = table.length % 4 ? Buffer.concat([table, Buffer.alloc(4 - (table.length % 4))]) : table;
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

export const woff2ToTtf = (woff2: Buffer): Buffer => {
  const header = new Reader(woff2);
  if (header.u32() !== 0x774f4632) throw new Error('woff2: not a WOFF2 file');
  const flavor = header.u32();
  if (flavor === 0x74746366) throw new Error('woff2: font collections are not supported');
  header.u32(); // length
  const numTables = header.u16();
  header.u16(); // reserved
  header.u32(); // totalSfntSize
  const compressedSize = header.u32();
  header.offset = 48;
  const entries: TableEntry[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = header.u8();
    const index = flags & 0x3f;
    const tag = index === 63 ? header.bytes(4).toString('latin1') : KNOWN_TAGS[index];
    if (!tag) throw new Error('woff2: unknown table tag');
    const version = flags >> 6;
    const origLength = header.base128();
    // glyf and loca are transformed unless version 3; every other table only when its version is not 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? header.base128() : origLength;
    entries.push({ tag, transformed, origLength, length });
  }
  const stream = brotliDecompressSync(woff2.subarray(header.offset, header.offset + compressedSize));
  let at = 0;
  for (const entry of entries) {
    entry.data = stream.subarray(at, at + entry.length);
    at += entry.length;
  }
  const table = (tag: string) => entries.find((entry) => entry.tag === tag);
  const glyf = table('glyf');
  const loca = table('loca');
  let xMins: number[] = [];
  if (glyf?.transformed && loca) {
    const rebuilt = rebuildGlyf(glyf.data!);
    glyf.data = rebuilt.glyf;
    loca.data = rebuilt.loca;
    xMins = rebuilt.xMins;
    const head = table('head');
    if (head?.data) {
      head.data = Buffer.from(head.data);
      head.data.writeInt16BE(1, 50); // indexToLocFormat: long offsets
    }
  }
  const hmtx = table('hmtx');
  if (hmtx?.transformed) {
    const numHMetrics = table('hhea')!.data!.readUInt16BE(34);
    const numGlyphs = table('maxp')!.data!.readUInt16BE(4);
    hmtx.data = rebuildHmtx(hmtx.data!, numHMetrics, numGlyphs, xMins);
  }

  const sorted = [...entries].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const power = 2 ** Math.floor(Math.log2(sorted.length));
  const directory = Buffer.alloc(12 + sorted.length * 16);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(sorted.length, 4);
  directory.writeUInt16BE(power * 16, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(sorted.length * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = directory.length;
  sorted.forEach((entry, i) => {
    const data = entry.data!;
    const record = 12 + i * 16;
    directory.write(entry.tag, record, 4, 'latin1');
    directory.writeUInt32BE(checksumOf(data), record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(data.length, record + 12);
    const padding = (4 - (data.length % 4)) % 4;
    bodies.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  return Buffer.concat([directory, ...bodies]);
};
