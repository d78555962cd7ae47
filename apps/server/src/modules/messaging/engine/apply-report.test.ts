import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests } from './engine-test-kit.js';
import { applyReport } from './outbox.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MESSAGING_TEST_ENV);
});
afterAll(async () => {
  await t?.close();
});

describe('status reports matched by our outbox id', () => {
  it("a 'sent' and a 'delivered' for the same unstored message, applied at once, end delivered (the later lock holder still moves the row)", async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 60);
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, type, channel, state, reason, sent_at)
      select event_id, id, 'round1', 1, 3, 'sent', 'uncertain', now() from guests where event_id = ${eventId}`);
    const rows = await outboxOf(t, eventId);
    expect(rows).toHaveLength(guests.length);
    const at = new Date();
    await Promise.all(
      rows.flatMap((row, i) => {
        const report = (state: 'sent' | 'delivered') => applyReport(t.ctx.db, { channel: 3, providerMessageId: `wamid.${i}`, state, reason: null, at, outboxId: row.id });
        // Both orders of arrival, concurrently.
        return i % 2 === 0 ? [report('sent'), report('delivered')] : [report('delivered'), report('sent')];
      }),
    );
    const after = await outboxOf(t, eventId);
    expect(after.filter((row) => row.state !== 'delivered')).toEqual([]);
    expect(after.every((row) => row.providerMessageId?.startsWith('wamid.') && row.reason === null)).toBe(true);
  });

  it("a 'delivered' that looked for the message id just before a concurrent 'sent' stored it still moves the row", async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, type, channel, state, reason, sent_at)
      select event_id, id, 'round1', 1, 3, 'sent', 'uncertain', now() from guests where event_id = ${eventId}`);
    const [row] = await outboxOf(t, eventId);
    const report = (state: 'sent' | 'delivered') => ({ channel: 3, providerMessageId: 'wamid.between', state, reason: null, at: new Date(), outboxId: row!.id });
    // The interleaving the parallel test above meets only under load, made certain: the 'sent' (echoing our id)
    // stores the message id right after the 'delivered' looked for it and found nothing.
    let statements = 0;
    const db = new Proxy(t.ctx.db, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? async (...args: Parameters<typeof target.execute>) => {
              const result = await target.execute(...args);
              if (++statements === 1) expect(await applyReport(t.ctx.db, report('sent'))).toMatchObject({ state: 'sent' });
              return result;
            }
          : Reflect.get(target, property, receiver),
    });
    expect(await applyReport(db, report('delivered'))).toMatchObject({ state: 'delivered' });
    expect((await outboxOf(t, eventId)).map((r) => [r.state, r.reason, r.providerMessageId])).toEqual([['delivered', null, 'wamid.between']]);
  });

  it("a delivery clears a retry's code and a doubt, and keeps 'noDelivery' (it says why an SMS went too)", async () => {
    const { eventId } = await paidEventWithGuests(t, 3);
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, type, channel, state, reason)
      select event_id, id, 'round1', 1, 3, 'queued', 'x' from guests where event_id = ${eventId}`);
    const rows = await outboxOf(t, eventId);
    const reasons = ['131000', 'uncertain', 'noDelivery'];
    for (const [i, row] of rows.entries()) await t.ctx.db.execute(sql`update outbox_messages set reason = ${reasons[i]!} where id = ${row.id}`);
    for (const [i, row] of rows.entries()) {
      await applyReport(t.ctx.db, { channel: 3, providerMessageId: `wamid.r${i}.${row.id}`, state: 'delivered', reason: null, at: new Date(), outboxId: row.id });
    }
    const after = new Map((await outboxOf(t, eventId)).map((row) => [row.id, row]));
    expect(rows.map((row) => [after.get(row.id)?.state, after.get(row.id)?.reason])).toEqual([
      ['delivered', null],
      ['delivered', null],
      ['delivered', 'noDelivery'],
    ]);
  });
});
