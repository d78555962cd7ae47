import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohostInvitation, CohostList, DevMail, EventDto } from '@magiim/shared';
import { createTestApp, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest } from '../guests/guest-test-kit.js';
import { buyPackage, orderBody, postOrder } from '../billing/billing-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
});

const invite = (token: string, eventId: string, email: string) => t.request('POST', `/event/${eventId}/cohosts`, { token, body: { email } });
const list = async (token: string, eventId: string) => (await t.request('GET', `/event/${eventId}/cohosts`, { token })).json() as CohostList;
const remove = (token: string, eventId: string, id: string) => t.request('DELETE', `/event/${eventId}/cohosts/${id}`, { token });
const accept = (token: string | undefined, linkToken: string) => t.request('POST', '/cohosts/accept', { ...(token ? { token } : {}), body: { token: linkToken } });
const info = (linkToken: string) => t.request('GET', `/cohosts/invitation?token=${encodeURIComponent(linkToken)}`);

const linkOf = (mail: { text: string }) => {
  const match = /\/cohost-invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error('no co-host link in e-mail');
  return match[1];
};

/** The link in the newest invitation e-mail to `email` (a re-invite sends another). */
const waitForLink = async (email: string, notIn: readonly string[] = []) =>
  linkOf(await t.waitForMail(email, (mail: DevMail) => /\/cohost-invite\//.test(mail.text) && !notIn.includes(linkOf(mail))));

/** An owner with an event, an invited co-host who accepted, and a stranger host with an event of their own. */
const setup = async () => {
  const owner = await signUpHost(t, { fullName: 'Noa Cohen' });
  const eventId = await createEvent(t, owner.token);
  const cohost = await signUpHost(t, { fullName: 'Dani Levi' });
  const other = await signUpHost(t, { fullName: 'Other Host' });
  const otherEventId = await createEvent(t, other.token);
  expect((await invite(owner.token, eventId, cohost.email)).statusCode).toBe(200);
  const link = await waitForLink(cohost.email);
  const accepted = await accept(cohost.token, link);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toEqual({ eventId });
  return { owner, cohost, other, eventId, otherEventId };
};

describe('co-host invitations', () => {
  it('invites by e-mail, shows the link page, accepts once, and lists the member; the owner hears of it', async () => {
    const owner = await signUpHost(t, { fullName: 'Noa Cohen', lang: 'en' });
    const eventId = await createEvent(t, owner.token);
    const invitee = uniqueEmail('family');
    const res = await invite(owner.token, eventId, `  ${invitee.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    const invitation = res.json() as CohostInvitation;
    expect(invitation.email).toBe(invitee);
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const mail = await t.waitForMail(invitee);
    expect(mail.subject).toContain("Noa and Dani's wedding");
    expect(mail.text).toContain('Noa Cohen');
    const link = linkOf(mail);
    // Only a keyed hash is stored.
    const stored = await t.ctx.db.execute(sql`select token_hash from cohost_invitations where id = ${invitation.id}`);
    expect(stored.rows[0]!.token_hash).not.toBe(link);
    expect(JSON.stringify(stored.rows)).not.toContain(link);

    expect((await list(owner.token, eventId)).invitations).toEqual([invitation]);
    const page = await info(link);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ eventNames: { en: "Noa and Dani's wedding" }, inviterName: 'Noa Cohen', eventDate: expect.any(String) });

    // Families share links: another address than the invited one may accept.
    const joiner = await signUpHost(t, { fullName: 'Dani Levi' });
    expect((await accept(joiner.token, link)).json()).toEqual({ eventId });
    const after = await list(owner.token, eventId);
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.fullName, m.role])).toEqual([
      ['Noa Cohen', 'owner'],
      ['Dani Levi', 'cohost'],
    ]);
    const ownerMail = await t.waitForMail(owner.email, (m) => m.subject.includes('co-host joined'));
    expect(ownerMail.text).toContain('Dani Levi');

    // Single use: the same link again (by anyone), and its page, are gone.
    const again = await accept((await signUpHost(t)).token, link);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('INVITE_LINK_INVALID');
    expect((await info(link)).json().code).toBe('INVITE_LINK_INVALID');
  });

  it('refuses expired, revoked, replaced and unknown links', async () => {
    const owner = await signUpHost(t);
    const eventId = await createEvent(t, owner.token);
    const joiner = await signUpHost(t);

    const late = uniqueEmail('late');
    await invite(owner.token, eventId, late);
    const expiredLink = await waitForLink(late);
    await t.ctx.db.execute(sql`update cohost_invitations set expires_at = now() - interval '1 second' where email = ${late}`);
    for (const res of [await accept(joiner.token, expiredLink), await info(expiredLink)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('INVITE_LINK_INVALID');
    }
    // An expired invitation is not listed; inviting the address again renews it with a working link.
    expect((await list(owner.token, eventId)).invitations).toEqual([]);
    await invite(owner.token, eventId, late);
    const renewed = await waitForLink(late, [expiredLink]);
    expect((await info(renewed)).statusCode).toBe(200);

    // Re-inviting replaces the link: the first stops working, one invitation is listed.
    const twice = uniqueEmail('twice');
    const first = (await invite(owner.token, eventId, twice)).json() as CohostInvitation;
    const firstLink = await waitForLink(twice);
    const second = (await invite(owner.token, eventId, twice)).json() as CohostInvitation;
    expect(second.id).toBe(first.id);
    const secondLink = await waitForLink(twice, [firstLink]);
    expect((await accept(joiner.token, firstLink)).json().code).toBe('INVITE_LINK_INVALID');
    expect((await list(owner.token, eventId)).invitations.filter((i) => i.email === twice)).toHaveLength(1);

    // Revoked by its id.
    expect((await remove(owner.token, eventId, second.id)).json()).toEqual({ ok: true });
    expect((await accept(joiner.token, secondLink)).json().code).toBe('INVITE_LINK_INVALID');
    expect((await remove(owner.token, eventId, second.id)).statusCode).toBe(404);

    expect((await accept(joiner.token, 'x'.repeat(43))).json().code).toBe('INVITE_LINK_INVALID');
    expect((await info('short')).statusCode).toBe(400);
  });

  it('answers CONFLICT for a member, and keeps the link for its invitee when a member tries it', async () => {
    const { owner, cohost, eventId } = await setup();
    for (const email of [owner.email, cohost.email, cohost.email.toUpperCase()]) {
      const res = await invite(owner.token, eventId, email);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    }
    const invitee = uniqueEmail('aunt');
    await invite(owner.token, eventId, invitee);
    const link = await waitForLink(invitee);
    for (const token of [owner.token, cohost.token]) expect((await accept(token, link)).statusCode).toBe(409);
    const aunt = await signUpHost(t);
    expect((await accept(aunt.token, link)).statusCode).toBe(200);
  });

  it('caps members and open invitations per event', async () => {
    const owner = await signUpHost(t);
    const eventId = await createEvent(t, owner.token);
    const results = [];
    for (let i = 0; i < 10; i++) results.push((await invite(owner.token, eventId, uniqueEmail(`cap${i}`))).statusCode);
    expect(results).toEqual([...Array(9).fill(200), 409]);
  });

  it('validates the address', async () => {
    const owner = await signUpHost(t);
    const eventId = await createEvent(t, owner.token);
    for (const email of ['', 'not-an-address', `${'a'.repeat(300)}@example.com`]) {
      const res = await invite(owner.token, eventId, email);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('email');
    }
  });
});

describe('co-host rights', () => {
  it('a co-host sees the event in their list as a co-host, works on guests, and reads the members without invitations', async () => {
    const { owner, cohost, eventId } = await setup();
    const events = (await t.request('GET', '/event/fetchEvents', { token: cohost.token })).json() as EventDto[];
    expect(events.map((e) => [e.id, e.role])).toEqual([[eventId, 'cohost']]);
    expect(((await t.request('GET', `/event/${eventId}`, { token: owner.token })).json() as EventDto).role).toBe('owner');

    const guest = await addGuest(t, cohost.token, eventId);
    const edited = await t.request('PUT', `/guests/edit/${eventId}/${guest.id}`, { token: cohost.token, body: { fullName: 'Edited by co-host' } });
    expect(edited.statusCode).toBe(200);
    expect((await t.request('GET', `/guests/${eventId}/${guest.id}`, { token: owner.token })).json().fullName).toBe('Edited by co-host');
    expect((await t.request('POST', `/groups/new/${eventId}`, { token: cohost.token, body: { name: 'Family' } })).statusCode).toBe(200);
    expect((await t.request('GET', `/messageTemplate/${eventId}`, { token: cohost.token })).statusCode).toBe(200);
    expect((await t.request('GET', `/packages/${eventId}`, { token: cohost.token })).statusCode).toBe(200);

    await invite(owner.token, eventId, uniqueEmail('pending'));
    const seen = await list(cohost.token, eventId);
    expect(seen.members.map((m) => m.role)).toEqual(['owner', 'cohost']);
    expect(seen.invitations).toEqual([]);
    expect((await list(owner.token, eventId)).invitations).toHaveLength(1);
  });

  it('refuses a co-host payment, cancellation, the coupon check, deleting the event and managing co-hosts', async () => {
    const { owner, cohost, eventId } = await setup();
    const forbidden = [
      await postOrder(t, cohost.token, eventId, orderBody()),
      await t.request('POST', '/coupons/check', { token: cohost.token, body: { eventId, code: 'NOPE1', packageId: 1, inviteeCount: 100 } }),
      await t.request('DELETE', `/event/${eventId}`, { token: cohost.token }),
      await invite(cohost.token, eventId, uniqueEmail('nope')),
      await remove(cohost.token, eventId, (await list(owner.token, eventId)).members[0]!.userId),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // The event is still there and the owner still may pay.
    expect((await t.request('GET', `/event/${eventId}`, { token: owner.token })).statusCode).toBe(200);
    const paid = await buyPackage(t, owner.token, eventId);
    // The order is the owner's: for the co-host it does not exist.
    const cancel = await t.request('POST', `/orders/${paid.id}/cancel`, { token: cohost.token, body: { reason: 'The wedding moved to next year' } });
    expect(cancel.statusCode).toBe(404);
    const still = (await t.request('GET', `/orders/${paid.id}`, { token: owner.token })).json() as { status: string };
    expect(still.status).toBe('paid');
  });

  it('a removed co-host is refused at their next request; the owner cannot be removed', async () => {
    const { owner, cohost, eventId } = await setup();
    const members = (await list(owner.token, eventId)).members;
    const cohostId = members.find((m) => m.role === 'cohost')!.userId;
    const ownerId = members.find((m) => m.role === 'owner')!.userId;
    expect((await t.request('GET', `/event/${eventId}`, { token: cohost.token })).statusCode).toBe(200);

    expect((await remove(owner.token, eventId, cohostId)).json()).toEqual({ ok: true });
    for (const res of [
      await t.request('GET', `/event/${eventId}`, { token: cohost.token }),
      await t.request('GET', `/guests/list/${eventId}`, { token: cohost.token }),
      await t.request('GET', `/event/${eventId}/cohosts`, { token: cohost.token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.request('GET', '/event/fetchEvents', { token: cohost.token })).json()).toEqual([]);
    expect((await remove(owner.token, eventId, cohostId)).statusCode).toBe(404);

    const self = await remove(owner.token, eventId, ownerId);
    expect(self.statusCode).toBe(403);
    expect((await list(owner.token, eventId)).members.map((m) => m.role)).toEqual(['owner']);
  });

  it('a removed co-host is refused at once even with the session cache on', async () => {
    const cached = await createTestApp({ SESSION_CACHE_MS: '10000' });
    try {
      useFakePlaces(cached);
      const owner = await signUpHost(cached);
      const eventId = await createEvent(cached, owner.token);
      const cohost = await signUpHost(cached);
      await cached.request('POST', `/event/${eventId}/cohosts`, { token: owner.token, body: { email: cohost.email } });
      const mail = await cached.waitForMail(cohost.email, (m) => m.text.includes('/cohost-invite/'));
      expect((await cached.request('POST', '/cohosts/accept', { token: cohost.token, body: { token: linkOf(mail) } })).statusCode).toBe(200);
      // A read puts the co-host's session in the cache.
      expect((await cached.request('GET', `/event/${eventId}`, { token: cohost.token })).statusCode).toBe(200);
      const cohostId = ((await cached.request('GET', `/event/${eventId}/cohosts`, { token: owner.token })).json() as CohostList).members[1]!.userId;
      await cached.request('DELETE', `/event/${eventId}/cohosts/${cohostId}`, { token: owner.token });
      expect((await cached.request('GET', `/event/${eventId}`, { token: cohost.token })).statusCode).toBe(404);
    } finally {
      await cached.close();
    }
  });

  it('access matrix over every co-host endpoint: owner, co-host, another host, anonymous, revoked session', async () => {
    const { owner, cohost, other, eventId, otherEventId } = await setup();
    const revoked = await signUpHost(t);
    await t.request('POST', '/auth/logout', { token: revoked.token });
    const cohostId = (await list(owner.token, eventId)).members[1]!.userId;
    const extraEmail = uniqueEmail('matrix');

    const calls = (token: string | undefined) => ({
      list: () => t.request('GET', `/event/${eventId}/cohosts`, { ...(token ? { token } : {}) }),
      invite: () => t.request('POST', `/event/${eventId}/cohosts`, { ...(token ? { token } : {}), body: { email: extraEmail } }),
      remove: () => t.request('DELETE', `/event/${eventId}/cohosts/${randomUUID()}`, { ...(token ? { token } : {}) }),
      accept: () => t.request('POST', '/cohosts/accept', { ...(token ? { token } : {}), body: { token: 'y'.repeat(43) } }),
    });
    const expectCode = async (res: Promise<{ statusCode: number; json: () => { code: string } }>, status: number, code?: string) => {
      const r = await res;
      expect(r.statusCode).toBe(status);
      if (code) expect(r.json().code).toBe(code);
    };

    const asOwner = calls(owner.token);
    await expectCode(asOwner.list(), 200);
    await expectCode(asOwner.invite(), 200);
    await expectCode(asOwner.remove(), 404, 'NOT_FOUND');
    await expectCode(asOwner.accept(), 410, 'INVITE_LINK_INVALID');

    const asCohost = calls(cohost.token);
    await expectCode(asCohost.list(), 200);
    await expectCode(asCohost.invite(), 403, 'FORBIDDEN');
    await expectCode(asCohost.remove(), 403, 'FORBIDDEN');

    // Another host: the event does not exist for them, and their own event's co-host list is theirs only.
    const asOther = calls(other.token);
    await expectCode(asOther.list(), 404, 'NOT_FOUND');
    await expectCode(asOther.invite(), 404, 'NOT_FOUND');
    await expectCode(asOther.remove(), 404, 'NOT_FOUND');
    await expectCode(t.request('DELETE', `/event/${eventId}/cohosts/${cohostId}`, { token: other.token }), 404, 'NOT_FOUND');
    await expectCode(t.request('DELETE', `/event/${otherEventId}/cohosts/${cohostId}`, { token: other.token }), 404, 'NOT_FOUND');
    await expectCode(t.request('GET', `/event/${otherEventId}/cohosts`, { token: owner.token }), 404, 'NOT_FOUND');

    for (const who of [calls(undefined), calls(revoked.token)]) {
      await expectCode(who.list(), 401, 'UNAUTHORIZED');
      await expectCode(who.invite(), 401, 'UNAUTHORIZED');
      await expectCode(who.remove(), 401, 'UNAUTHORIZED');
      await expectCode(who.accept(), 401, 'UNAUTHORIZED');
    }
    // The link's page is public; a bad id in the path is a validation error.
    await expectCode(info('z'.repeat(43)), 410, 'INVITE_LINK_INVALID');
    await expectCode(t.request('DELETE', `/event/${eventId}/cohosts/not-a-uuid`, { token: owner.token }), 400);
    // Nothing changed for the co-host through all of this.
    expect((await list(owner.token, eventId)).members.map((m) => m.userId)).toContain(cohostId);
  });
});
