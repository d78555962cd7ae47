import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventStatsDto, GuestListResponse, HouseholdSplitMode, SeatingPlan } from '@magiim/shared';
import { signUpHost, createTestApp, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { answerFromMessage } from './message-answers.js';
import { answer, openPage, personalTokenOf } from './invite-test-kit.js';

/** Issue 32: adults and children, men and women. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const postForm = (url: string, form: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': FORM } });

const setSplit = (token: string, eventId: string, householdSplit: HouseholdSplitMode | string) =>
  t.request('POST', `/event/editEvent/${eventId}`, { token, body: { householdSplit } });

const splitEvent = async (mode: HouseholdSplitMode = 'adultsChildren') => {
  const host = await hostWithEvent(t);
  expect((await setSplit(host.token, host.eventId, mode)).statusCode).toBe(200);
  return host;
};

const storedSplit = async (guestId: string) =>
  (await t.ctx.db.execute<{ split: unknown; attending: number | null }>(sql`select answer_split as split, attending from guests where id = ${guestId}::uuid`)).rows[0];

describe('the event setting', () => {
  it('is off by default, one mode per event, edited by the owner and a co-host, refused to a stranger', async () => {
    const { token, eventId } = await hostWithEvent(t);
    expect(((await t.request('GET', `/event/${eventId}`, { token })).json() as EventDto).householdSplit).toBe('none');
    const on = await setSplit(token, eventId, 'adultsChildren');
    expect(on.statusCode).toBe(200);
    expect((on.json() as EventDto).householdSplit).toBe('adultsChildren');
    // An unknown mode is refused with the field named.
    const bad = await setSplit(token, eventId, 'both');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');

    const cohost = await signUpHost(t);
    const cohostId = (await t.request('GET', '/user/me', { token: cohost.token })).json().userData.id as string;
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}::uuid, ${cohostId}::uuid, 'cohost')`);
    const byCohost = await setSplit(cohost.token, eventId, 'menWomen');
    expect(byCohost.statusCode).toBe(200);
    expect((byCohost.json() as EventDto).householdSplit).toBe('menWomen');

    const stranger = await signUpHost(t);
    const refused = await setSplit(stranger.token, eventId, 'none');
    expect(refused.statusCode).toBe(404);
    expect(((await t.request('GET', `/event/${eventId}`, { token })).json() as EventDto).householdSplit).toBe('menWomen');
  });
});

describe('the page answer', () => {
  it('asks the split only when the event does, and stores adults and children beside the total', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { countOfInvites: 4 });
    const guestToken = personalTokenOf(guest);
    expect((await openPage(t, guestToken)).questions.split).toBeUndefined();
    // Off: the counts are ignored, nothing is stored.
    expect((await answer(t, guestToken, { status: 'approved', attending: 3, children: 1 })).statusCode).toBe(200);
    expect((await storedSplit(guest.id))?.split).toBeNull();

    expect((await setSplit(token, eventId, 'adultsChildren')).statusCode).toBe(200);
    expect((await openPage(t, guestToken)).questions.split).toBe('adultsChildren');
    const both = await answer(t, guestToken, { status: 'approved', attending: 4, adults: 2, children: 2 });
    expect(both.statusCode).toBe(200);
    expect(both.json().answer).toMatchObject({ attending: 4, adults: 2, children: 2 });
    expect(await storedSplit(guest.id)).toEqual({ split: { adults: 2, children: 2 }, attending: 4 });
    // One count is enough: the rest are the other.
    const one = await answer(t, guestToken, { status: 'approved', attending: 3, children: 1 });
    expect(one.json().answer).toMatchObject({ attending: 3, adults: 2, children: 1 });
    const history = await t.ctx.db.execute<{ split: unknown }>(sql`select split from guest_answers where guest_id = ${guest.id}::uuid order by seq desc limit 1`);
    expect(history.rows[0]?.split).toEqual({ adults: 2, children: 1 });
    // Not coming: no split.
    const declined = await answer(t, guestToken, { status: 'declined', children: 1 });
    expect(declined.json().answer.children).toBeUndefined();
    expect((await storedSplit(guest.id))?.split).toBeNull();
  });

  it('refuses a split that does not add up, and a count above the invitation, with translated messages', async () => {
    const { token, eventId } = await splitEvent('adultsChildren');
    const guest = await addGuest(t, token, eventId, { countOfInvites: 3 });
    const guestToken = personalTokenOf(guest);
    const mismatch = await answer(t, guestToken, { status: 'approved', attending: 3, adults: 1, children: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'SPLIT_NOT_MATCHING', issues: [{ message: 'validation.splitNotMatching' }] });
    const tooManyChildren = await answer(t, guestToken, { status: 'approved', attending: 2, children: 3 });
    expect(tooManyChildren.json().code).toBe('SPLIT_NOT_MATCHING');
    const above = await answer(t, guestToken, { status: 'approved', attending: 5, adults: 3, children: 2 });
    expect(above.statusCode).toBe(400);
    expect(above.json().code).toBe('RESPONDERS_ABOVE_INVITEES');
    expect((await storedSplit(guest.id))?.split ?? null).toBeNull();

    // The plain form: the error beside the field in the guest's language, everything typed kept.
    const form = await postForm(`/invite/${guestToken}?lang=en`, { status: 'approved', attending: '2', children: '3', comments: '' });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('The numbers do not add up to the people coming');
    const he = await postForm(`/invite/${guestToken}?lang=he`, { status: 'approved', attending: '2', children: '3', comments: '' });
    expect(he.body).toContain('המספרים אינם מסתכמים במספר המגיעים');
  });

  it('takes the split from the plain form and shows it in the answer summary', async () => {
    const { token, eventId } = await splitEvent('menWomen');
    const guest = await addGuest(t, token, eventId, { countOfInvites: 5, lang: 'en' });
    const guestToken = personalTokenOf(guest);
    const page = await t.app.inject({ method: 'GET', url: `/invite/${guestToken}?lang=en` });
    expect(page.body).toContain('How many of them are women?');
    expect(page.body).toContain('name="women"');
    const res = await postForm(`/invite/${guestToken}?lang=en`, { status: 'approved', attending: '5', women: '2', comments: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<li>Men: <bdi dir="ltr">3</bdi>, women: <bdi dir="ltr">2</bdi></li>');
    expect((await storedSplit(guest.id))?.split).toEqual({ men: 3, women: 2 });
  });
});

describe('a channel answer (WhatsApp, SMS, call)', () => {
  it('goes through the same rule, and keeps an earlier split only while it adds up', async () => {
    const { token, eventId } = await splitEvent('adultsChildren');
    const guest = await addGuest(t, token, eventId, { countOfInvites: 4 });
    const outcome = await answerFromMessage(t.ctx, guest.id, { status: 'approved', attending: 4, split: { children: 3 } }, 'whatsapp');
    expect(outcome?.asksSplit).toBe('adultsChildren');
    expect(await storedSplit(guest.id)).toEqual({ split: { adults: 1, children: 3 }, attending: 4 });
    await expect(answerFromMessage(t.ctx, guest.id, { status: 'approved', attending: 2, split: { children: 3 } }, 'sms')).rejects.toMatchObject({ code: 'SPLIT_NOT_MATCHING' });
    // The same head count again without the split keeps it; a new head count without it drops it (not told).
    await answerFromMessage(t.ctx, guest.id, { status: 'approved', attending: 4 }, 'call');
    expect((await storedSplit(guest.id))?.split).toEqual({ adults: 1, children: 3 });
    await answerFromMessage(t.ctx, guest.id, { status: 'approved', attending: 2 }, 'call');
    expect(await storedSplit(guest.id)).toEqual({ split: null, attending: 2 });
  });
});

describe('what the host sees', () => {
  it('statistics, the list and its filter, the export and the seating plan show the split; a stranger sees none of it', async () => {
    const { token, eventId } = await splitEvent('adultsChildren');
    const family = await addGuest(t, token, eventId, { fullName: 'Family Cohen', countOfInvites: 5 });
    const couple = await addGuest(t, token, eventId, { fullName: 'Couple Levi', countOfInvites: 2 });
    const quiet = await addGuest(t, token, eventId, { fullName: 'Quiet Mizrahi', countOfInvites: 3 });
    await addGuest(t, token, eventId, { fullName: 'Not yet', countOfInvites: 2 });
    expect((await answer(t, personalTokenOf(family), { status: 'approved', attending: 5, children: 3 })).statusCode).toBe(200);
    expect((await answer(t, personalTokenOf(couple), { status: 'approved', attending: 2, children: 0 })).statusCode).toBe(200);
    // Coming, with no split told (an answer by a channel that stopped before asking it).
    await answerFromMessage(t.ctx, quiet.id, { status: 'approved', attending: 3 }, 'sms');

    const stats = (await t.request('GET', `/stats/${eventId}`, { token })).json() as EventStatsDto;
    expect(stats.attending).toBe(10);
    expect(stats.split).toEqual({ adults: 4, children: 3, men: 0, women: 0, notTold: 3 });

    const list = async (query: string) => (await t.request('GET', `/guests/list/${eventId}${query}`, { token })).json() as GuestListResponse;
    const all = await list('?sort=name');
    expect(all.items.find((g) => g.id === family.id)?.answer).toMatchObject({ adults: 2, children: 3 });
    expect(all.items.find((g) => g.id === quiet.id)?.answer?.children).toBeUndefined();
    expect((await list('?withChildren=true')).items.map((g) => g.fullName)).toEqual(['Family Cohen']);
    expect((await list('?withChildren=false')).items.map((g) => g.fullName)).toEqual(['Couple Levi']);

    const file = await t.request('GET', `/guests/export/${eventId}/en`, { token });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(titles.slice(-2)).toEqual(['Adults', 'Children']);
    const rowOf = (name: string) => {
      for (let r = 2; r <= sheet.rowCount; r += 1) {
        const values = (sheet.getRow(r).values as unknown[]).slice(1);
        if (values[0] === name) return values;
      }
      throw new Error(`no row for ${name}`);
    };
    expect(rowOf('Family Cohen').slice(titles.length - 2, titles.length)).toEqual([2, 3]);

    const plan = (await t.request('GET', `/seating/${eventId}`, { token })).json() as SeatingPlan;
    expect(plan.guests.find((g) => g.guestId === family.id)).toMatchObject({ seats: 5, adults: 2, children: 3 });

    const stranger = await signUpHost(t);
    expect((await t.request('GET', `/stats/${eventId}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await t.request('GET', `/guests/list/${eventId}?withChildren=true`, { token: stranger.token })).statusCode).toBe(404);
  });
});
