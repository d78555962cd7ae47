import { sql } from 'drizzle-orm';
import type { GuestDto, GuestInput, InviteeStatus } from '@magiim/shared';
import { signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';

/** Test support for the guest and group suites (imported by *.test.ts only). */

/** A signed-in host with one event (he and en, Hebrew by default). */
export const hostWithEvent = async (t: TestApp) => {
  useFakePlaces(t);
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token);
  return { token, eventId };
};

let phoneCounter = 7_000_000;
/** A fresh Israeli mobile number in local form (050-7xx-xxxx; tests spell their own numbers outside that range). */
export const nextPhone = () => {
  phoneCounter += 1;
  const digits = String(phoneCounter).padStart(7, '0');
  return `050-${digits.slice(0, 3)}-${digits.slice(3)}`;
};

export const addGuest = async (t: TestApp, token: string, eventId: string, input: Partial<GuestInput> = {}): Promise<GuestDto> => {
  const res = await t.request('POST', `/guests/new/${eventId}`, {
    token,
    body: { fullName: 'Dana Levi', phoneNumber: nextPhone(), ...input },
  });
  if (res.statusCode !== 200) throw new Error(`add guest failed: ${res.body}`);
  return res.json() as GuestDto;
};

/** What messaging and the invitation page will set later: a guest's status and answer. */
export const setGuestAnswer = async (t: TestApp, guestId: string, status: InviteeStatus, attending: number | null = null, viewedCount = 0) => {
  await t.ctx.db.execute(
    sql`update guests set status = ${status}, attending = ${attending}, viewed_count = ${viewedCount} where id = ${guestId}`,
  );
};

/** What buying a package will set later. */
export const setInviteeLimit = async (t: TestApp, eventId: string, limit: number | null) => {
  await t.ctx.db.execute(sql`update events set invitee_limit = ${limit} where id = ${eventId}`);
};
