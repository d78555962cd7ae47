import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStatsDto, GuestDto, GuestListResponse } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { personalTokenOf } from '../invitations/invite-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(path: string, token: string): Promise<T> => {
  const res = await t.request('GET', path, { token });
  expect(res.statusCode, path).toBe(200);
  return res.json() as T;
};

const open = (guestToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/invite/${guestToken}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)', ...headers } });

describe('invitation views', () => {
  it('a guest reloading the page 17 times is one guest who viewed, 17 times', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const reloader = await addGuest(t, token, eventId, { fullName: 'Reloading Rina' });
    const once = await addGuest(t, token, eventId, { fullName: 'Once Oren' });
    const never = await addGuest(t, token, eventId, { fullName: 'Never Nili' });
    for (let i = 0; i < 17; i++) {
      // The HTML page and the mobile app's JSON alike.
      const res = i % 2 ? await open(personalTokenOf(reloader)) : await t.request('GET', `/invite/${personalTokenOf(reloader)}`);
      expect(res.statusCode).toBe(200);
    }
    expect((await open(personalTokenOf(once))).statusCode).toBe(200);
    await t.ctx.inviteViews.flush();

    // The guest: viewed, and the number of views as such.
    expect((await get<GuestDto>(`/guests/${eventId}/${reloader.id}`, token)).viewedCount).toBe(17);
    expect((await get<GuestDto>(`/guests/${eventId}/${once.id}`, token)).viewedCount).toBe(1);
    expect((await get<GuestDto>(`/guests/${eventId}/${never.id}`, token)).viewedCount).toBe(0);
    // The statistics and the list count guests who viewed, each once.
    const stats = await get<EventStatsDto>(`/stats/${eventId}`, token);
    expect({ guests: stats.guests, viewed: stats.viewed }).toEqual({ guests: 3, viewed: 2 });
    const list = await get<GuestListResponse>(`/guests/list/${eventId}?viewed=true&sort=name`, token);
    expect(list.counts.viewed).toBe(2);
    expect(list.items.map((guest) => [guest.fullName, guest.viewedCount])).toEqual([
      ['Once Oren', 1],
      ['Reloading Rina', 17],
    ]);
    expect((await get<GuestListResponse>(`/guests/list/${eventId}?viewed=false`, token)).items.map((guest) => guest.fullName)).toEqual(['Never Nili']);
  });

  it("does not count the host's own opens from the browser their sign-in marked (the server's HttpOnly cookie)", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const email = (await get<{ userData: { email: string } }>('/user/me', token)).userData.email;
    const login = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    const mark = String(login.headers['set-cookie']).split(';')[0]!;
    expect(mark).toMatch(/^magiim_host=[0-9a-f-]{36}$/);
    expect((await open(personalTokenOf(guest), { cookie: mark })).statusCode).toBe(200);
    expect((await open(personalTokenOf(guest), { cookie: mark })).statusCode).toBe(200);
    await t.ctx.inviteViews.flush();
    expect((await get<GuestDto>(`/guests/${eventId}/${guest.id}`, token)).viewedCount).toBe(0);
    expect((await get<EventStatsDto>(`/stats/${eventId}`, token)).viewed).toBe(0);
  });

  it("refuses another host the event's statistics", async () => {
    const { eventId } = await hostWithEvent(t);
    const other = await signUpHost(t);
    const res = await t.request('GET', `/stats/${eventId}`, { token: other.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
