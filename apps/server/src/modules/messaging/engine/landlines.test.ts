import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLandline, normalizePhone } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { premiumEventWithGuests, waitFor } from '../../calls/engine/calls-test-kit.js';
import { startCallRound } from '../../calls/engine/start-call-round.js';
import { pumpOutbox } from './dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, useRecordingChannels } from './engine-test-kit.js';
import { startAction } from './start-action.js';

let t: TestApp;
let recording: ReturnType<typeof useRecordingChannels>;
beforeAll(async () => {
  t = await createTestApp({ ...MESSAGING_TEST_ENV, CALL_RETRY_SPACING_MINUTES: '0.01' });
  recording = useRecordingChannels(t);
});
afterAll(() => t?.close());

const LANDLINE = '+97236401230';

describe('landlines (issue 27 §5)', () => {
  it('are Israeli 02, 03, 04, 08, 09 and 07x numbers; special and short numbers stay refused', () => {
    for (const [typed, e164] of [
      ['02-6251234', '+97226251234'],
      ['03-640-1234', '+97236401234'],
      ['04 8123456', '+97248123456'],
      ['08-9123456', '+97289123456'],
      ['09-7654321', '+97297654321'],
      ['077-1234567', '+972771234567'],
      ['+972 3 640 1234', '+97236401234'],
    ] as const) {
      expect(normalizePhone(typed)).toBe(e164);
      expect(isLandline(e164)).toBe(true);
    }
    expect(isLandline('+972501234567')).toBe(false);
    expect(normalizePhone('1-800-123-456')).toBeNull();
    expect(normalizePhone('03-12')).toBeNull();
  });

  it('a host adds a landline guest; the same number typed another way is a duplicate', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { phoneNumber: '03-640-1234' });
    expect(guest.phoneNumber).toBe('+97236401234');
    const again = await t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: 'Other', phoneNumber: '+972-3-6401234' } });
    expect(again.statusCode).toBe(409);
  });

  it('never gets WhatsApp or SMS: the row is skipped with the reason "landline", the mobile beside it is sent', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const mobile = await addGuest(t, token, eventId, { fullName: 'Mobile' });
    const landline = await addGuest(t, token, eventId, { fullName: 'Landline', phoneNumber: LANDLINE });
    await t.ctx.db.execute(sql`update events set progress_status = 1, message_system_preference = 3 where id = ${eventId}`);
    await t.ctx.db.execute(sql`update guests set status = 'inProgress' where event_id = ${eventId}`);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pumpOutbox(t.ctx, 3_000);
    await waitFor('the round settled', async () => (await outboxOf(t, eventId)).every((row) => row.state !== 'queued'), 10_000);
    const rows = await outboxOf(t, eventId);
    expect(rows.find((row) => row.guestId === landline.id)).toMatchObject({ state: 'skipped', reason: 'landline' });
    expect(rows.find((row) => row.guestId === mobile.id)?.state).toBe('sent');
    expect(recording.sent.filter((record) => record.to === LANDLINE)).toEqual([]);
    // No SMS fallback either.
    expect(rows.filter((row) => row.guestId === landline.id)).toHaveLength(1);
  });

  it('is reached by the call round in premium (the sandbox answers 1 and the full count)', async () => {
    const { eventId, guests } = await premiumEventWithGuests(t, 1, { phonePrefix: '77' });
    const guestId = guests[0]!.id;
    await t.ctx.db.execute(sql`update guests set phone_number = ${LANDLINE} where id = ${guestId}`);
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await waitFor(
      'the landline answered the call',
      async () => (await t.ctx.db.execute<{ status: string }>(sql`select status from guests where id = ${guestId}`)).rows[0]?.status === 'approved',
      60_000,
    );
    // The answer is recorded while the call is on; the row is settled when the call's end is reported, after it.
    await expect
      .poll(async () => (await outboxOf(t, eventId)).find((row) => row.guestId === guestId && row.channel === 2), { timeout: 30_000 })
      .toMatchObject({ state: 'delivered', attempts: 1 });
  });
});
