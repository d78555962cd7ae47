import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { createMessageRenderer } from '../templates/render.js';
import { pumpOutbox, type RendererLoader } from './dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, useRecordingChannels } from './engine-test-kit.js';
import { freezeRecipients, markActionRunning } from './outbox.repository.js';
import { holdPaidEvent } from './sending-stop.js';

// 80 a second: a dispatcher asks for 8 rows at a time, so 40 guests take several batches.
let t: TestApp;
let recording: ReturnType<typeof useRecordingChannels>;

beforeAll(async () => {
  t = await createTestApp({ ...MESSAGING_TEST_ENV, WHATSAPP_RATE_PER_SECOND: '80', SMS_RATE_PER_SECOND: '80' });
  recording = useRecordingChannels(t);
});
afterAll(() => t.close());

describe('the dispatcher', () => {
  it('loads an event’s message renderer once per pump, not once per batch', async () => {
    const { eventId } = await paidEventWithGuests(t, 40);
    // Frozen without kicking the app's own dispatcher, so this pump sends (nearly) every row itself.
    await t.ctx.db.transaction(async (tx) => {
      expect(await holdPaidEvent(tx, eventId)).toBeTruthy();
      await markActionRunning(tx, eventId, 'round1');
      await freezeRecipients(tx, eventId, 'round1', 3);
    });
    const outboxIds = new Set((await outboxOf(t, eventId)).map((row) => row.id));
    expect(outboxIds.size).toBe(40);
    const loads: string[] = [];
    const counting: RendererLoader = (ctx, id) => {
      loads.push(id);
      return createMessageRenderer(ctx, id);
    };
    const sentBefore = recording.sent.length;
    await pumpOutbox(t.ctx, 6_000, counting);
    const sentByPump = recording.sent.slice(sentBefore).filter((record) => outboxIds.has(record.outboxId)).length;
    // Several batches of about 8 went out through this pump...
    expect(sentByPump).toBeGreaterThan(16);
    // ...with one renderer load for the event.
    expect(loads.filter((id) => id === eventId)).toEqual([eventId]);
  });
});
