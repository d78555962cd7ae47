import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { addGuest, setGuestAnswer } from '../../guests/guest-test-kit.js';
import { answer, openPage, personalTokenOf } from '../invite-test-kit.js';

/** Issue 31: "Your table: 12" on the guest's page, only once the host shows tables to guests (real database). */

let t: TestApp;
let owner: string;
let eventId: string;
let table12: string;

const showTables = (on: boolean) => t.ctx.db.execute(sql`update events set show_tables_to_guests = ${on} where id = ${eventId}::uuid`);
const seated = async (fullName: string, status: 'approved' | 'maybe' | 'inProgress', tableId: string | null) => {
  const guest = await addGuest(t, owner, eventId, { fullName, countOfInvites: 2 });
  if (status !== 'inProgress') await setGuestAnswer(t, guest.id, status, status === 'approved' ? 2 : null);
  if (tableId) expect((await t.request('PUT', `/seating/${eventId}/guests/${guest.id}`, { token: owner, body: { tableId } })).statusCode).toBe(200);
  return personalTokenOf(guest);
};
const html = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).body;

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  eventId = await createEvent(t, owner);
  const res = await t.request('POST', `/seating/${eventId}/tables`, { token: owner, body: { number: 12, capacity: 10 } });
  table12 = (res.json() as { tables: { id: string }[] }).tables[0]!.id;
  await t.request('POST', `/seating/${eventId}/tables`, { token: owner, body: { number: 7, capacity: 10, name: 'משפחת כהן' } });
});
afterAll(async () => {
  await t?.close();
});

describe("the guest's table on their page", () => {
  it('is never in the page (data or HTML) while the host has not turned on "show tables to guests"', async () => {
    await showTables(false);
    const token = await seated('Hidden Table', 'approved', table12);
    expect((await openPage(t, token)).table ?? null).toBeNull();
    for (const path of [`/invite/${token}?lang=en`, `/navigate/${token}?lang=en`, `/invite/${token}?lang=he`]) {
      const body = await html(path);
      expect(body).not.toContain('data-guest-table');
      expect(body).not.toMatch(/Your table|השולחן שלכם/);
    }
  });

  it('shows a coming, seated guest "Your table: 12" once it is on, in the page language, the number isolated left to right', async () => {
    await showTables(true);
    const token = await seated('Shown Table', 'approved', table12);
    expect((await openPage(t, token)).table).toEqual({ number: 12, name: null });
    expect(await html(`/invite/${token}?lang=en`)).toContain('Your table: <bdi dir="ltr">12</bdi>');
    expect(await html(`/invite/${token}?lang=he`)).toContain('השולחן שלכם: <bdi dir="ltr">12</bdi>');
    // The directions page (the direction message's link) says it too.
    expect(await html(`/navigate/${token}?lang=en`)).toContain('Your table: <bdi dir="ltr">12</bdi>');
    const { rows } = await t.ctx.database.pool.query<{ id: string }>('select id from seating_tables where event_id = $1 and number = 7', [eventId]);
    const named = await seated('Named Table', 'approved', rows[0]!.id);
    expect((await openPage(t, named)).table).toEqual({ number: 7, name: 'משפחת כהן' });
    expect(await html(`/invite/${named}?lang=en`)).toContain('Your table: <bdi dir="ltr">7</bdi> (<bdi>משפחת כהן</bdi>)');
  });

  it('shows nothing to a guest not coming or not seated, and keeps the table on the page right after answering "coming"', async () => {
    await showTables(true);
    const maybe = await seated('Maybe Seated', 'maybe', table12);
    expect((await openPage(t, maybe)).table ?? null).toBeNull();
    expect(await html(`/invite/${maybe}?lang=en`)).not.toContain('data-guest-table');
    const unseated = await seated('Not Seated', 'approved', null);
    expect((await openPage(t, unseated)).table ?? null).toBeNull();
    expect(await html(`/invite/${unseated}?lang=en`)).not.toContain('data-guest-table');

    // The page the form's answer renders (the table was read with the guest, before the answer).
    const answered = await t.app.inject({
      method: 'POST',
      url: `/invite/${maybe}?lang=en`,
      payload: new URLSearchParams({ status: 'approved', attending: '2' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('Your table: <bdi dir="ltr">12</bdi>');
    expect((await openPage(t, maybe)).table).toEqual({ number: 12, name: null });
    // Declining leaves the table: the page says nothing.
    expect((await answer(t, maybe, { status: 'declined' })).statusCode).toBe(200);
    expect((await openPage(t, maybe)).table ?? null).toBeNull();
  });
});
