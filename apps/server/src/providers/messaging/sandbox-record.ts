import { mkdirSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TextChannel } from './index.js';

/** One message the sandbox accepted: a line of DATA_DIR/sandbox/sent.jsonl. */
export interface SandboxSentRecord {
  channel: TextChannel;
  to: string;
  text: string;
  outboxId: string;
  /** ISO time the sandbox accepted it. */
  at: string;
  /** What the guest can tap (an invitation's quick replies, a list's rows): the dev page offers them. */
  choices?: { title: string; payload: string }[];
}

/** The sandbox's own record of what it accepted, as a real provider keeps one: appended and fsync'd before `send` answers. */
export interface SandboxRecord {
  readonly file: string;
  /** Not written (SandboxAppendAbandoned) when `signal` is aborted before its turn in the disk queue comes. */
  append(record: SandboxSentRecord, signal?: AbortSignal): Promise<void>;
  /** Whether this channel accepted this outbox row (first acceptance wins); other processes' appends are read too. */
  find(channel: TextChannel, outboxId: string): Promise<SandboxSentRecord | undefined>;
  /** The newest records first, at most `limit`. */
  listNewest(limit: number): Promise<SandboxSentRecord[]>;
}

/** The append's turn came after its sender stopped waiting: the line was not written. */
export class SandboxAppendAbandoned extends Error {}

const keyOf = (channel: TextChannel, outboxId: string) => `${channel}:${outboxId}`;

const parseLine = (line: string): SandboxSentRecord | undefined => {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as Partial<SandboxSentRecord>;
    if ((value.channel === 1 || value.channel === 3) && typeof value.outboxId === 'string' && typeof value.to === 'string') {
      const choices = Array.isArray(value.choices)
        ? value.choices.filter((c): c is { title: string; payload: string } => typeof c?.title === 'string' && typeof c?.payload === 'string')
        : [];
      return {
        channel: value.channel,
        to: value.to,
        text: String(value.text ?? ''),
        outboxId: value.outboxId,
        at: String(value.at ?? ''),
        ...(choices.length ? { choices } : {}),
      };
    }
  } catch {
    // A line cut by a crash mid-write: the send it belonged to never answered, so nothing relied on it.
  }
  return undefined;
};

/** Bytes read back from the end of the file for the dev page (a message is at most a few KB). */
const TAIL_BYTES = 4 * 1024 * 1024;

export const createSandboxRecord = (dataDir: string): SandboxRecord => {
  const dir = path.join(dataDir, 'sandbox');
  const file = path.join(dir, 'sent.jsonl');
  const index = new Map<string, SandboxSentRecord>();
  /** How far the index has read the file (only whole lines). */
  let indexedTo = 0;
  /** Lines waiting for the disk: each turn writes all of them at once with one datasync (a round of 1,000 is not 1,000 syncs). */
  let queued: { line: string; signal: AbortSignal | undefined; resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** The running flush (it ends with the queue empty), or false. */
  let flushing: Promise<void> | false = false;

  const flushQueue = async (): Promise<void> => {
    while (queued.length) {
      const turn = queued;
      queued = [];
      const live = turn.filter((entry) => !entry.signal?.aborted);
      for (const entry of turn) if (entry.signal?.aborted) entry.reject(new SandboxAppendAbandoned('the sender stopped waiting before the line was written'));
      if (!live.length) continue;
      try {
        if (!dirReady) {
          mkdirSync(dir, { recursive: true, mode: 0o700 });
          dirReady = true;
        }
        const handle = await open(file, 'a', 0o600);
        try {
          // One write of whole lines (O_APPEND keeps lines of several processes whole), then to the disk.
          await handle.write(live.map((entry) => entry.line).join(''));
          await handle.datasync();
        } finally {
          await handle.close();
        }
        for (const entry of live) entry.resolve();
      } catch (error) {
        for (const entry of live) entry.reject(error);
      }
    }
  };
  const startFlush = (): void => {
    // The end is handled in a later microtask, never inside the call that set `flushing` (a queue of only abandoned
    // lines ends at once); a line queued in between starts the next flush there.
    flushing = flushQueue().then(() => {
      flushing = false;
      if (queued.length) startFlush();
    });
  };
  let dirReady = false;
  let reading: Promise<void> = Promise.resolve();

  const remember = (record: SandboxSentRecord) => {
    const key = keyOf(record.channel, record.outboxId);
    if (!index.has(key)) index.set(key, record);
  };

  /** Reads what was appended since the last look (by this process or another sharing DATA_DIR). */
  const catchUp = (): Promise<void> => {
    reading = reading.then(async () => {
      const size = await stat(file).then((s) => s.size, () => 0);
      if (size <= indexedTo) return;
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(size - indexedTo);
        await handle.read(buffer, 0, buffer.length, indexedTo);
        const lastNewline = buffer.lastIndexOf(0x0a);
        if (lastNewline < 0) return;
        for (const line of buffer.subarray(0, lastNewline).toString('utf8').split('\n')) {
          const record = parseLine(line);
          if (record) remember(record);
        }
        indexedTo += lastNewline + 1;
      } finally {
        await handle.close();
      }
    });
    return reading;
  };

  return {
    file,
    append: (record, signal) =>
      new Promise<void>((resolve, reject) => {
        queued.push({ line: `${JSON.stringify(record)}\n`, signal, resolve, reject });
        if (!flushing) startFlush();
      }),
    find: async (channel, outboxId) => {
      const key = keyOf(channel, outboxId);
      // This process's appends still queued are written (or abandoned) first: a lookup never misses one of them.
      if (flushing) await flushing;
      if (!index.has(key)) await catchUp();
      return index.get(key);
    },
    listNewest: async (limit) => {
      const size = await stat(file).then((s) => s.size, () => 0);
      if (size === 0) return [];
      const start = Math.max(0, size - TAIL_BYTES);
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(size - start);
        await handle.read(buffer, 0, buffer.length, start);
        const lines = buffer.toString('utf8').split('\n');
        if (start > 0) lines.shift();
        const records: SandboxSentRecord[] = [];
        for (let i = lines.length - 1; i >= 0 && records.length < limit; i--) {
          const record = parseLine(lines[i]!);
          if (record) records.push(record);
        }
        return records;
      } finally {
        await handle.close();
      }
    },
  };
};
