import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.js';
import { addGuest } from '../guests/guest-test-kit.js';

/** Test support for the retention suites (imported by *.test.ts only). */

/**
 * Two guests with everything that hangs on guests (answers, a public answer, messages, a call, an opt-out, a
 * WhatsApp conversation), a group, an expense, a gift registration and an image with its file on disk.
 */
export const seedGuestData = async (t: TestApp, token: string, eventId: string) => {
  const first = await addGuest(t, token, eventId, { fullName: 'Dana Levi' });
  const second = await addGuest(t, token, eventId, { fullName: 'Yossi Mizrahi' });
  const db = t.ctx.db;
  await db.execute(sql`insert into guest_groups (event_id, name) values (${eventId}, 'Family')`);
  await db.execute(sql`insert into guest_answers (event_id, guest_id, status, source) values
    (${eventId}, ${first.id}, 'approved', 'personal'), (${eventId}, ${second.id}, 'declined', 'sms')`);
  await db.execute(sql`insert into public_answers (event_id, reason, phone_number, typed_name, lang, status)
    values (${eventId}, 'approval', '+972507999999', 'Someone New', 'he', 'approved')`);
  const outbox = await db.execute<{ id: string }>(sql`insert into outbox_messages (event_id, guest_id, action, type, channel, text)
    values (${eventId}, ${first.id}, 'round1', 1, 3, 'Hello Dana'), (${eventId}, ${first.id}, 'calls', 4, 2, null) returning id`);
  const callOutbox = outbox.rows[1]!.id;
  const attempt = await db.execute<{ id: string }>(sql`insert into call_attempts (outbox_id, event_id, guest_id, attempt, lang, provider)
    values (${callOutbox}, ${eventId}, ${first.id}, 1, 'he', 'sandbox') returning id`);
  await db.execute(sql`insert into sandbox_calls (id, attempt_id, "to", lang, status, mode)
    values (${`call-${attempt.rows[0]!.id}`}, ${attempt.rows[0]!.id}, '+972507000001', 'he', 'completed', 'auto')`);
  await db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${second.phoneNumber}, 'sms')`);
  await db.execute(sql`insert into whatsapp_conversations (guest_id, event_id, phone_number, window_opened_at)
    values (${first.id}, ${eventId}, ${first.phoneNumber}, now())`);
  await db.execute(sql`insert into checkin_codes (guest_id, event_id, salt, code_hash) values (${first.id}, ${eventId}, 'salt', ${`hash-${first.id}`})`);
  await db.execute(sql`insert into checkin_arrivals (guest_id, event_id, people) values (${first.id}, ${eventId}, 2)`);
  const seatTable = await db.execute<{ id: string }>(sql`insert into seating_tables (event_id, number, name, capacity) values (${eventId}, 1, 'Family', 10) returning id`);
  await db.execute(sql`update guests set table_id = ${seatTable.rows[0]!.id} where id = ${first.id}`);
  await db.execute(sql`insert into checkin_ushers (event_id, token_hash, expires_at) values (${eventId}, ${`usher-${eventId}`}, now() + interval '1 day')`);
  await db.execute(sql`insert into gift_ledger_entries (event_id, guest_id, amount, method, source) values (${eventId}, ${first.id}, 36000, 'cash', 'host')`);
  await db.execute(sql`insert into gift_ledger_entries (event_id, guest_id, payer_name, amount, method, source, payment_ref) values (${eventId}, null, 'Payer', 18000, 'giftLink', 'giftLink', 'pay_seed')`);
  await db.execute(sql`insert into expense_lists (event_id, version) values (${eventId}, 1) on conflict do nothing`);
  await db.execute(sql`insert into expenses (event_id, position, description, supplier_name, total_payment)
    values (${eventId}, 0, 'Flowers', 'Rina Flowers', 150000)`);
  await db.execute(sql`insert into gift_accounts (event_id, status, provider, registration_sealed, registration_masked)
    values (${eventId}, 'REGISTERED', 'sandbox', 'sealed-bank-details', '{"account":"***12"}'::jsonb)
    on conflict (event_id) do update set registration_sealed = excluded.registration_sealed, registration_masked = excluded.registration_masked`);
  const prefix = `events/${eventId}/0123456789abcdef`;
  await t.ctx.storage.put(`${prefix}/480.webp`, Buffer.from('not really an image'), 'image/webp');
  const image = { prefix, sizes: { 480: `${prefix}/480.webp` }, width: 480, height: 320 };
  await db.execute(sql`update events set image = ${JSON.stringify(image)}::jsonb where id = ${eventId}`);
  return { guests: [first, second], imageKey: `${prefix}/480.webp` };
};

/** How many rows of guest data the event still has, table by table. */
export const guestDataLeft = async (t: TestApp, eventId: string) => {
  const { rows } = await t.ctx.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from guests where event_id = ${eventId}) as guests,
    (select count(*)::int from guest_groups where event_id = ${eventId}) as groups,
    (select count(*)::int from guest_answers where event_id = ${eventId}) as answers,
    (select count(*)::int from public_answers where event_id = ${eventId}) as "publicAnswers",
    (select count(*)::int from outbox_messages where event_id = ${eventId}) as messages,
    (select count(*)::int from call_attempts where event_id = ${eventId}) as "callAttempts",
    (select count(*)::int from sandbox_calls s join call_attempts a on a.id = s.attempt_id where a.event_id = ${eventId}) as "sandboxCalls",
    (select count(*)::int from message_opt_outs where event_id = ${eventId}) as "optOuts",
    (select count(*)::int from whatsapp_conversations where event_id = ${eventId}) as conversations,
    (select count(*)::int from expenses where event_id = ${eventId}) as expenses,
    (select count(*)::int from checkin_arrivals where event_id = ${eventId}) as "checkinArrivals",
    (select count(*)::int from checkin_codes where event_id = ${eventId}) as "checkinCodes",
    (select count(*)::int from checkin_ushers where event_id = ${eventId}) as "checkinUshers",
    (select count(*)::int from seating_tables where event_id = ${eventId}) as "seatingTables",
    (select count(*)::int from gift_ledger_entries where event_id = ${eventId}) as "giftLedger",
    (select count(*)::int from gift_accounts where event_id = ${eventId} and registration_sealed is not null) as "giftRegistrations",
    (select count(*)::int from events where id = ${eventId} and image is not null) as images`);
  return rows[0]!;
};

export const fileExists = async (t: TestApp, key: string): Promise<boolean> => (await t.ctx.storage.get(key)) !== null;
