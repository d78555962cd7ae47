import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
// The types of archiver (it ships none): an ambient declaration, brought in wherever this file is compiled.
import './archiver-types.js';
import archiver from 'archiver';
import yauzl from 'yauzl';

/**
 * Zip files, streamed both ways (the backup's, the account data download): entries are written one after another from streams (a table's rows,
 * a media file) and read back one at a time, so neither side holds a table or a file in memory.
 * Reading treats the file as untrusted: a bounded number of entries, no encryption, no entry inflating past the
 * size the central directory declares (yauzl checks it as it inflates), a bounded ratio for large entries, and
 * only entries asked for by name (names the caller builds from validated keys: nothing is unpacked by the
 * names inside the file, so a `../` cannot escape).
 */

export interface ZipWriter {
  /** Adds one entry and resolves when it is written (the next source is not read before). */
  add(name: string, source: Readable | Buffer | string): Promise<void>;
  /** Writes the central directory; resolves when `out` has it all. */
  finish(): Promise<void>;
}

export const createZipWriter = (out: Writable): ZipWriter => {
  const archive = archiver('zip', { zlib: { level: 6 } });
  let failure: Error | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      reject(failure);
    };
    archive.on('error', fail);
    archive.on('warning', fail);
    out.on('error', fail);
  });
  failed.catch(() => {});
  archive.pipe(out);
  return {
    add: async (name, source) => {
      if (failure) throw failure;
      const written = new Promise<void>((resolve) => {
        const onEntry = (entry: { name: string }) => {
          if (entry.name !== name) return;
          archive.removeListener('entry', onEntry);
          resolve();
        };
        archive.on('entry', onEntry);
      });
      archive.append(source, { name });
      await Promise.race([written, failed]);
    },
    finish: async () => {
      if (failure) throw failure;
      const closed = once(out, 'finish');
      await Promise.race([archive.finalize(), failed]);
      await Promise.race([closed, failed]);
    },
  };
};

export interface ZipLimits {
  maxEntries: number;
  /** Entries above 1 MB may pack at most this many to one (JSON lines pack about 10:1, images about 1:1). */
  maxCompressionRatio: number;
}

export class ZipRefused extends Error {}

export interface ZipReader {
  has(name: string): boolean;
  /** Every entry's name, in the file's order. */
  names(): string[];
  /** The entry's declared (and enforced) unpacked size. */
  sizeOf(name: string): number;
  open(name: string): Promise<Readable>;
  text(name: string, maxBytes: number): Promise<string>;
  close(): void;
}

export const openZipReader = async (file: string, limits: ZipLimits): Promise<ZipReader> => {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) =>
      error || !opened ? reject(error ?? new Error('no zip')) : resolve(opened),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefused(`it holds ${zip.entryCount} entries (at most ${limits.maxEntries})`);
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if ((entry.generalPurposeBitFlag & 0x1) !== 0) return reject(new ZipRefused(`${entry.fileName} is encrypted`));
        if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
          return reject(new ZipRefused(`${entry.fileName} packs too tightly to be honest data`));
        }
        if (entries.has(entry.fileName)) return reject(new ZipRefused(`${entry.fileName} is in it twice`));
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    const entryOf = (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw new ZipRefused(`${name} is missing`);
      return entry;
    };
    const open = (name: string) =>
      new Promise<Readable>((resolve, reject) => zip.openReadStream(entryOf(name), (error, stream) => (error || !stream ? reject(error ?? new Error('unreadable')) : resolve(stream))));
    return {
      has: (name) => entries.has(name),
      names: () => [...entries.keys()],
      sizeOf: (name) => entryOf(name).uncompressedSize,
      open,
      text: async (name, maxBytes) => {
        if (entryOf(name).uncompressedSize > maxBytes) throw new ZipRefused(`${name} is larger than ${maxBytes} bytes`);
        const chunks: Buffer[] = [];
        for await (const chunk of await open(name)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
};

/** A whole zip in memory from named parts (small downloads: the account data), written by the same writer. */
export const zipToBuffer = async (parts: { name: string; data: Buffer | string }[]): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zip = createZipWriter(sink);
  for (const part of parts) await zip.add(part.name, part.data);
  await zip.finish();
  return Buffer.concat(chunks);
};
