import { mkdtempSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DeliveryReport, InboundReply, MessagingInbox, OutgoingMessage, TextChannel } from './index.js';
import { createSandboxChannel, sandboxFateOf, sandboxMessageIdOf, type SandboxDelays } from './sandbox-channels.js';
import { createSandboxRecord, type SandboxSentRecord } from './sandbox-record.js';

const FAST: SandboxDelays = { sentMs: 10, deliveredMs: 40, readMs: 80 };

const setUp = (delays: SandboxDelays = FAST) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-sandbox-'));
  const reports: DeliveryReport[] = [];
  const replies: InboundReply[] = [];
  const inbox: MessagingInbox = {
    report: async (report) => {
      reports.push(report);
    },
    reply: async (reply) => {
      replies.push(reply);
    },
  };
  const make = (channel: TextChannel, dir = dataDir) => createSandboxChannel({ channel, record: createSandboxRecord(dir), inbox: () => inbox, delays });
  return { dataDir, reports, make, file: path.join(dataDir, 'sandbox', 'sent.jsonl') };
};

const message = (channel: TextChannel, to: string, text = 'שלום, נשמח לראותך'): OutgoingMessage => ({
  outboxId: randomUUID(),
  channel,
  to,
  text,
  lang: 'he',
  template: null,
});

const linesOf = (file: string): SandboxSentRecord[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SandboxSentRecord);

const statesFor = (reports: DeliveryReport[], id: string) => reports.filter((r) => r.providerMessageId === id).map((r) => [r.state, r.reason]);

const waitFor = async (check: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('sandbox text channels', () => {
  it('decides by the last digit: …1 not on WhatsApp, …2 fails on both, …3 never read, others read (SMS: delivered, it has no read receipts)', () => {
    expect(sandboxFateOf(3, '+972501234561')).toEqual({ state: 'failed', reason: '131026' });
    expect(sandboxFateOf(1, '+972501234561')).toEqual({ state: 'delivered' });
    expect(sandboxFateOf(3, '+972501234562')).toEqual({ state: 'failed', reason: '131049' });
    expect(sandboxFateOf(1, '+972501234562')).toEqual({ state: 'failed', reason: 'undeliverable' });
    expect(sandboxFateOf(3, '+972501234563')).toEqual({ state: 'delivered' });
    expect(sandboxFateOf(1, '+972501234563')).toEqual({ state: 'delivered' });
    for (const digit of '0456789') {
      expect(sandboxFateOf(3, `+97250123456${digit}`)).toEqual({ state: 'read' });
      expect(sandboxFateOf(1, `+97250123456${digit}`)).toEqual({ state: 'delivered' });
    }
  });

  it('reports each number its fate, in order, on both channels', async () => {
    const { make, reports } = setUp();
    const whatsapp = make(3);
    const sms = make(1);
    const sent = await Promise.all(
      ['0', '1', '2', '3'].flatMap((digit) => [
        whatsapp.send(message(3, `+97250123456${digit}`)).then((a) => ({ key: `wa${digit}`, id: a.providerMessageId })),
        sms.send(message(1, `+97250123456${digit}`)).then((a) => ({ key: `sms${digit}`, id: a.providerMessageId })),
      ]),
    );
    const ids = Object.fromEntries(sent.map((s) => [s.key, s.id]));
    await waitFor(() => reports.length >= 15);
    // No report beyond these: a sentinel sent now is read after every timer of the messages above has fired.
    const sentinel = (await whatsapp.send(message(3, '+972501234560'))).providerMessageId;
    await waitFor(() => reports.some((r) => r.providerMessageId === sentinel && r.state === 'read'));
    reports.splice(0, reports.length, ...reports.filter((r) => r.providerMessageId !== sentinel));
    expect(statesFor(reports, ids.wa0!)).toEqual([['sent', null], ['delivered', null], ['read', null]]);
    expect(statesFor(reports, ids.sms0!)).toEqual([['sent', null], ['delivered', null]]);
    // Meta accepts a message to a number not on WhatsApp, then reports it failed.
    expect(statesFor(reports, ids.wa1!)).toEqual([['failed', '131026']]);
    expect(statesFor(reports, ids.sms1!)).toEqual([['sent', null], ['delivered', null]]);
    expect(statesFor(reports, ids.wa2!)).toEqual([['failed', '131049']]);
    expect(statesFor(reports, ids.sms2!)).toEqual([['sent', null], ['failed', 'undeliverable']]);
    expect(statesFor(reports, ids.wa3!)).toEqual([['sent', null], ['delivered', null]]);
    expect(statesFor(reports, ids.sms3!)).toEqual([['sent', null], ['delivered', null]]);
    expect(reports).toHaveLength(15);
    for (const report of reports) expect(report.channel).toBe(report.providerMessageId.endsWith('-3') ? 3 : 1);
  });

  it('keeps the order of one message even when the inbox is slower than the timers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-sandbox-'));
    const seen: string[] = [];
    const other: string[] = [];
    const first = message(3, '+972501234567');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const inbox: MessagingInbox = {
      report: async (report) => {
        if (report.providerMessageId !== sandboxMessageIdOf(3, first.outboxId)) return void other.push(report.state);
        // The first report is held by the test until the whole timeline is past.
        if (report.state === 'sent') {
          holding = true;
          await held;
        }
        seen.push(report.state);
      },
      reply: async () => {},
    };
    const channel = createSandboxChannel({ channel: 3, record: createSandboxRecord(dataDir), inbox: () => inbox, delays: { sentMs: 1, deliveredMs: 2, readMs: 3 } });
    await channel.send(first);
    await waitFor(() => holding);
    // A second message, sent after the first, read: the first one's delivered and read are overdue.
    await channel.send(message(3, '+972501234560'));
    await waitFor(() => other.includes('read'));
    expect(seen).toEqual([]);
    release();
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual(['sent', 'delivered', 'read']);
  });

  it('has the line in sent.jsonl, fsynced, by the time send() answers', async () => {
    const { make, file } = setUp();
    const sms = make(1);
    const outgoing = message(1, '+972501234567', 'ברוכים הבאים\nלהסרה השיבו הסר');
    const accepted = await sms.send(outgoing);
    const lines = linesOf(file);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({ channel: 1, to: '+972501234567', text: outgoing.text, outboxId: outgoing.outboxId, at: expect.any(String) });
    expect(Number.isNaN(Date.parse(lines[0]!.at))).toBe(false);
    expect(accepted.providerMessageId).toBe(sandboxMessageIdOf(1, outgoing.outboxId));
  });

  it('answers lookup from the file after a restart (a new provider instance), per channel', async () => {
    const { make, dataDir } = setUp();
    const first = make(3);
    const outgoing = message(3, '+972501234567');
    const accepted = await first.send(outgoing);

    const restarted = make(3, dataDir);
    expect(await restarted.lookup(outgoing.outboxId)).toEqual({ known: true, providerMessageId: accepted.providerMessageId });
    expect(await restarted.lookup(randomUUID())).toEqual({ known: false });
    // The SMS channel never took that row.
    expect(await make(1, dataDir).lookup(outgoing.outboxId)).toEqual({ known: false });
  });

  it('sees sends of another process sharing DATA_DIR, and skips a line cut by a crash', async () => {
    const { make, dataDir, file } = setUp();
    const reader = make(1);
    expect(await reader.lookup(randomUUID())).toEqual({ known: false });
    const writer = make(1, dataDir);
    const outgoing = message(1, '+972501234568');
    await writer.send(outgoing);
    await appendFile(file, '{"channel":1,"to":"+9725');
    expect(await reader.lookup(outgoing.outboxId)).toEqual({ known: true, providerMessageId: sandboxMessageIdOf(1, outgoing.outboxId) });
    expect(await createSandboxRecord(dataDir).listNewest(10)).toHaveLength(1);
  });

  it('keeps every line whole when many sends overlap, newest first in the list', async () => {
    const { make, file, dataDir } = setUp({ sentMs: 5_000, deliveredMs: 5_000, readMs: 5_000 });
    const whatsapp = make(3);
    const messages = Array.from({ length: 60 }, (_, i) => message(3, `+9725012345${String(i).padStart(2, '0')}`, `הודעה ${i} `.repeat(40)));
    for (const batch of [messages.slice(0, 30), messages.slice(30)]) await Promise.all(batch.map((m) => whatsapp.send(m)));
    const lines = linesOf(file);
    expect(lines.map((l) => l.outboxId).sort()).toEqual(messages.map((m) => m.outboxId).sort());
    const newest = await createSandboxRecord(dataDir).listNewest(5);
    expect(newest.map((l) => l.outboxId)).toEqual(lines.slice(-5).reverse().map((l) => l.outboxId));
  });

  it('a new instance (a restart, kill -9 included) plays again the reports of recent messages, in order; older ones are gone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-sandbox-'));
    const record = createSandboxRecord(dataDir);
    const old: SandboxSentRecord = { channel: 3, to: '+972501234567', text: 'old', outboxId: randomUUID(), at: new Date(Date.now() - 60_000).toISOString() };
    const overdue: SandboxSentRecord = { channel: 3, to: '+972501234567', text: 'overdue', outboxId: randomUUID(), at: new Date(Date.now() - 5_000).toISOString() };
    const sms: SandboxSentRecord = { ...overdue, channel: 1, outboxId: randomUUID() };
    for (const line of [old, overdue, sms]) await record.append(line);
    // Accepted just before the crash: its reports were still to come.
    const crashed = createSandboxChannel({ channel: 3, record, inbox: () => ({ report: async () => {}, reply: async () => {} }), delays: { sentMs: 10, deliveredMs: 200, readMs: 300 } });
    const pending = message(3, '+972501234563');
    await crashed.send(pending);

    const reports: DeliveryReport[] = [];
    const inbox: MessagingInbox = { report: async (r) => void reports.push(r), reply: async () => {} };
    const resumed = createSandboxChannel({ channel: 3, record: createSandboxRecord(dataDir), inbox: () => inbox, delays: { sentMs: 10, deliveredMs: 200, readMs: 300 }, resumeWithinMs: 30_000 });
    await waitFor(() => reports.length >= 5);
    // No report beyond these: a sentinel sent now is read after every replayed timer has fired.
    const sentinel = (await resumed.send(message(3, '+972501234560'))).providerMessageId;
    await waitFor(() => reports.some((r) => r.providerMessageId === sentinel && r.state === 'read'));
    reports.splice(0, reports.length, ...reports.filter((r) => r.providerMessageId !== sentinel));
    expect(statesFor(reports, sandboxMessageIdOf(3, overdue.outboxId))).toEqual([['sent', null], ['delivered', null], ['read', null]]);
    expect(statesFor(reports, sandboxMessageIdOf(3, pending.outboxId))).toEqual([['sent', null], ['delivered', null]]);
    expect(statesFor(reports, sandboxMessageIdOf(3, old.outboxId))).toEqual([]);
    // The WhatsApp instance tells WhatsApp reports only.
    expect(reports.every((r) => r.channel === 3)).toBe(true);
    expect(reports).toHaveLength(5);
  });

  it('a lookup made while sends wait for the disk finds them (a re-check of an expired claim never misses a send of its own process)', async () => {
    const { make } = setUp({ sentMs: 5_000, deliveredMs: 5_000, readMs: 5_000 });
    const whatsapp = make(3);
    const messages = Array.from({ length: 40 }, (_, i) => message(3, `+9725098765${String(i).padStart(2, '0')}`));
    // Not awaited: the lookups start while the lines are still queued for the disk.
    const sends = messages.map((m) => whatsapp.send(m));
    const found = await Promise.all(messages.map((m) => whatsapp.lookup(m.outboxId)));
    expect(found.every((f) => f !== 'unsupported' && f.known)).toBe(true);
    await Promise.all(sends);
  });

  it('writes nothing once its sender stopped waiting, and says so as an ordinary retry (not "outcome unknown")', async () => {
    const { make, file } = setUp({ sentMs: 5_000, deliveredMs: 5_000, readMs: 5_000 });
    const sms = make(1);
    const kept = message(1, '+972501111111');
    const given = message(1, '+972501111112');
    const gaveUp = new AbortController();
    // Queued behind the first line's write, then abandoned before its turn.
    const first = sms.send(kept);
    const second = sms.send({ ...given, signal: gaveUp.signal });
    gaveUp.abort();
    await first;
    await expect(second).rejects.toMatchObject({ name: 'MessageSendError', code: 'sandboxTimeout', outcomeUnknown: false, permanent: false });
    expect(linesOf(file).map((line) => line.outboxId)).toEqual([kept.outboxId]);
    expect(await sms.lookup(given.outboxId)).toEqual({ known: false });
    // The queue goes on after an abandoned line.
    await sms.send(message(1, '+972501111113'));
    expect(linesOf(file)).toHaveLength(2);
  });

  it('answers "outcome unknown" when it cannot write its record (the caller must look the message up)', async () => {
    const inbox: MessagingInbox = { report: async () => {}, reply: async () => {} };
    const broken = { ...createSandboxRecord(mkdtempSync(path.join(tmpdir(), 'magiim-sandbox-'))), append: () => Promise.reject(new Error('ENOSPC')) };
    const channel = createSandboxChannel({ channel: 1, record: broken, inbox: () => inbox, delays: FAST });
    await expect(channel.send(message(1, '+972501234567'))).rejects.toMatchObject({ name: 'MessageSendError', code: 'sandboxRecord', outcomeUnknown: true });
  });

  it('refuses a number that is not E.164 and a message of the other channel, recording nothing', async () => {
    const { make, dataDir } = setUp();
    const sms = make(1);
    await expect(sms.send(message(1, '0501234567'))).rejects.toMatchObject({ name: 'MessageSendError', code: 'invalidNumber', permanent: true });
    await expect(sms.send(message(3, '+972501234567'))).rejects.toMatchObject({ code: 'wrongChannel', permanent: true });
    expect(await createSandboxRecord(dataDir).listNewest(10)).toEqual([]);
  });
});
