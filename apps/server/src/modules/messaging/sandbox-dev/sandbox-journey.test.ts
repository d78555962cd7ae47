import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { API } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import type { SandboxSentRecord } from '../../../providers/messaging/sandbox-record.js';
import { hostWithEvent } from '../../guests/guest-test-kit.js';
import { startAction } from '../engine/start-action.js';

/** The sandbox channels behind the real engine and worker: the issue's table of numbers, then a reply. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SENDING_HOURS: 'always' });
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  phone: string;
  action: string;
  channel: number;
  state: string;
  reason: string | null;
};

const rowsOf = async (eventId: string): Promise<Row[]> =>
  (
    await t.ctx.db.execute<Row>(sql`
      select g.phone_number as phone, o.action, o.channel, o.state, o.reason from outbox_messages o join guests g on g.id = o.guest_id
      where o.event_id = ${eventId}::uuid order by g.phone_number, o.action, o.channel desc`)
  ).rows;

/** Waits on the rows or records themselves, with a deadline. */
const waitUntil = (check: () => Promise<boolean>, ms = 25_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('timed out');
    },
    { timeout: ms, interval: 200 },
  );

const sentLines = (): SandboxSentRecord[] =>
  readFileSync(t.ctx.messaging.sandbox!.record.file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SandboxSentRecord);

describe('the sandbox behind the engine', () => {
  it('plays each number its fate, falls back to SMS, and a reply of הסר keeps the guest out of the next round', async () => {
    const { eventId } = await hostWithEvent(t);
    await t.ctx.db.execute(sql`update events set progress_status = 1, message_system_preference = 3 where id = ${eventId}::uuid`);
    const phones = ['+972508880000', '+972508880001', '+972508880002', '+972508880003'];
    for (const [i, phone] of phones.entries()) {
      await t.ctx.db.execute(sql`insert into guests (event_id, full_name, phone_number, lang, status) values (${eventId}::uuid, ${`Guest ${i}`}, ${phone}, 'he', 'inProgress')`);
    }
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'host' })).toEqual({ frozen: 4 });

    // SMS has no read receipts: its best state is delivered.
    const settled = (rows: Row[]) =>
      rows.length === 6 && rows.every((row) => ['read', 'failed'].includes(row.state) || ((row.phone.endsWith('3') || row.channel === 1) && row.state === 'delivered'));
    await waitUntil(async () => settled(await rowsOf(eventId)));
    expect(await rowsOf(eventId)).toEqual([
      { phone: phones[0], action: 'round1', channel: 3, state: 'read', reason: null },
      { phone: phones[1], action: 'round1', channel: 3, state: 'failed', reason: '131026' },
      { phone: phones[1], action: 'round1', channel: 1, state: 'delivered', reason: null },
      { phone: phones[2], action: 'round1', channel: 3, state: 'failed', reason: '131049' },
      { phone: phones[2], action: 'round1', channel: 1, state: 'failed', reason: 'undeliverable' },
      { phone: phones[3], action: 'round1', channel: 3, state: 'delivered', reason: null },
    ]);
    // The provider's own record: exactly one line per message it accepted, before it answered.
    const lines = sentLines();
    expect(lines.map((line) => `${line.to}:${line.channel}`).sort()).toEqual(
      [`${phones[0]}:3`, `${phones[1]}:1`, `${phones[1]}:3`, `${phones[2]}:1`, `${phones[2]}:3`, `${phones[3]}:3`].sort(),
    );

    const reply = await t.request('POST', API.sandboxReply, { body: { to: phones[0], channel: 3, text: 'הסר' } });
    expect(reply.statusCode).toBe(200);
    await startAction(t.ctx, eventId, 'round2', { by: 'host' });
    await waitUntil(async () => (await rowsOf(eventId)).filter((row) => row.action === 'round2').every((row) => row.state !== 'queued'));
    const round2 = (await rowsOf(eventId)).filter((row) => row.action === 'round2');
    expect(round2.map((row) => row.phone)).not.toContain(phones[0]);
    expect(round2.length).toBeGreaterThan(0);
    // Her one invitation; the opt-out's confirmation is a session message, not another round's.
    expect(sentLines().filter((line) => line.to === phones[0] && !line.outboxId.startsWith('session-'))).toHaveLength(1);
  });
});
