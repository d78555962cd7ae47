import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { messageOptOuts, outboxMessages } from '../../../db/schema/messaging.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { personalTokenOf } from '../invite-test-kit.js';
import { PAGE_TEXTS } from './page-texts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const stop = (invite: string, query = '?lang=en') =>
  t.app.inject({ method: 'POST', url: `/invite/${invite}/stop-messages${query}`, headers: { 'content-type': FORM }, payload: '' });

const guestWithWaitingMessage = async () => {
  const { token, eventId } = await hostWithEvent(t);
  const guest = await addGuest(t, token, eventId, { fullName: 'Yael Cohen' });
  const [row] = await t.ctx.db
    .insert(outboxMessages)
    .values({ eventId, guestId: guest.id, action: 'round2', type: 1, channel: 3, state: 'queued' })
    .returning({ id: outboxMessages.id });
  return { eventId, guest, invite: personalTokenOf(guest), waitingId: row!.id };
};

const optOutOf = async (eventId: string, phoneNumber: string) =>
  (await t.ctx.db.select().from(messageOptOuts).where(and(eq(messageOptOuts.eventId, eventId), eq(messageOptOuts.phoneNumber, phoneNumber))))[0];

describe("the invitation page's opt-out", () => {
  it('offers "stop messages for this event" on the personal page, in its language', async () => {
    const { invite } = await guestWithWaitingMessage();
    const page = (await t.app.inject({ method: 'GET', url: `/invite/${invite}?lang=en` })).body;
    expect(page).toContain(`<summary>${PAGE_TEXTS.en.stopMessagesOpen}</summary>`);
    expect(page).toContain(`action="/invite/${invite}/stop-messages?lang=en#stop-messages" method="post"`);
    expect((await t.app.inject({ method: 'GET', url: `/invite/${invite}` })).body).toContain(PAGE_TEXTS.he.stopMessagesButton);
  });

  it('records the opt-out (via the page), skips the waiting messages and rings the bell once', async () => {
    const { eventId, guest, invite, waitingId } = await guestWithWaitingMessage();
    const res = await stop(invite);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PAGE_TEXTS.en.stopMessagesDone);
    expect(res.body).toContain('<details id="stop-messages" open="">');
    expect(await optOutOf(eventId, guest.phoneNumber)).toMatchObject({ via: 'page' });
    const [waiting] = await t.ctx.db.select({ state: outboxMessages.state, reason: outboxMessages.reason }).from(outboxMessages).where(eq(outboxMessages.id, waitingId));
    expect(waiting).toEqual({ state: 'skipped', reason: 'optedOut' });

    expect((await stop(invite)).statusCode).toBe(200);
    const bell = await t.ctx.db.execute<{ count: number }>(sql`select count from notifications where event_id = ${eventId}::uuid and type = 'guestOptedOut'`);
    expect(bell.rows.map((r) => r.count)).toEqual([1]);
    // The answer itself is untouched: the guest may still answer on the page.
    expect((await t.request('GET', `/invite/${invite}`)).json()).toMatchObject({ answer: null });
  });

  it('refuses an unknown link with the 404 page and records nothing', async () => {
    const count = async () => (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from message_opt_outs`)).rows[0]?.n;
    const before = await count();
    const res = await stop('AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(PAGE_TEXTS.en.notFoundTitle);
    expect(await count()).toBe(before);
  });

  it.each(LANGUAGES)('has its texts in %s', (lang) => {
    for (const key of ['stopMessagesOpen', 'stopMessagesExplain', 'stopMessagesButton', 'stopMessagesDone'] as const) {
      expect(PAGE_TEXTS[lang][key]).toMatch(/\S/);
      if (lang !== 'he') expect(PAGE_TEXTS[lang][key]).not.toBe(PAGE_TEXTS.he[key]);
    }
  });
});
