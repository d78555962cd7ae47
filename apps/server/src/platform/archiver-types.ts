// The part of archiver (exceljs's own zip writer, used by zip.ts to write zips as streams) that the app uses: it
// ships no types. A script file (no import or export), so the declaration is ambient wherever zip.ts is compiled.
declare module 'archiver' {
  import type { Readable } from 'node:stream';
  interface EntryData {
    name: string;
  }
  interface Archiver {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    pipe<T extends NodeJS.WritableStream>(destination: T): T;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (error: Error) => void): this;
    removeListener(event: 'entry', listener: (entry: EntryData) => void): this;
  }
  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
}
