import { sql } from 'drizzle-orm';
import type { EventDto, GuestDto, InvitePageDto } from '@magiim/shared';
import type { TestApp } from '../../../test/test-app.js';

/** Test support for the invitation suites (imported by *.test.ts only). */

export const personalTokenOf = (guest: Pick<GuestDto, 'inviteUrl'>): string => {
  const match = /\/invite\/([A-Za-z0-9_-]+)$/.exec(guest.inviteUrl);
  if (!match?.[1]) throw new Error(`no token in ${guest.inviteUrl}`);
  return match[1];
};

export const publicTokenOf = (event: Pick<EventDto, 'publicInviteUrl'>): string => {
  const match = /\/invite\/p\/([A-Za-z0-9_-]+)$/.exec(event.publicInviteUrl);
  if (!match?.[1]) throw new Error(`no token in ${event.publicInviteUrl}`);
  return match[1];
};

export const fetchEvent = async (t: TestApp, token: string, eventId: string): Promise<EventDto> =>
  (await t.request('GET', `/event/${eventId}`, { token })).json() as EventDto;

export const openPage = async (t: TestApp, guestToken: string, query = ''): Promise<InvitePageDto> => {
  const res = await t.request('GET', `/invite/${guestToken}${query}`);
  if (res.statusCode !== 200) throw new Error(`open page failed: ${res.statusCode} ${res.body}`);
  return res.json() as InvitePageDto;
};

export const answer = (t: TestApp, guestToken: string, body: object, opts: { ip?: string } = {}) =>
  t.request('POST', `/invite/${guestToken}`, { body, ...opts });

/** Moves the event's date (the API refuses past dates; answers close after it). */
export const setEventDate = async (t: TestApp, eventId: string, date: string) => {
  await t.ctx.db.execute(sql`update events set date = ${date}::date where id = ${eventId}::uuid`);
};

export const setProgressStatus = async (t: TestApp, eventId: string, progressStatus: number) => {
  await t.ctx.db.execute(sql`update events set progress_status = ${progressStatus} where id = ${eventId}::uuid`);
};
