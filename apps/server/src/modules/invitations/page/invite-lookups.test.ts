import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestDto } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { personalTokenOf } from '../invite-test-kit.js';

// Issue 30 §5: a personal answer (the service, the gift link, an error page's reload) reads its token once.
let t: TestApp;
let personalLookups = 0;

beforeAll(async () => {
  t = await createTestApp();
  const pool = t.ctx.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { name?: string } | undefined;
    if (first && typeof first === 'object' && first.name === 'invite.find-by-personal-token') personalLookups += 1;
    return query(...args);
  };
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, form: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

const lookupsDuring = async (request: () => Promise<{ statusCode: number }>) => {
  const before = personalLookups;
  const res = await request();
  return { status: res.statusCode, lookups: personalLookups - before };
};

describe('a personal answer', () => {
  it('looks its token up once: the answer, the gift link and the refused form share one read', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest: GuestDto = await addGuest(t, token, eventId, { fullName: 'Yael Cohen', countOfInvites: 3 });
    const invite = personalTokenOf(guest);
    // Approved: the page also asks for the event's gift link.
    expect(await lookupsDuring(() => post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '2' }))).toEqual({ status: 200, lookups: 1 });
    // The same answer again (nothing written) and a refused one (the page reloaded to show the error).
    expect(await lookupsDuring(() => post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '2' }))).toEqual({ status: 200, lookups: 1 });
    expect(await lookupsDuring(() => post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '7' }))).toEqual({ status: 400, lookups: 1 });
    // A page open with the gift link.
    expect(await lookupsDuring(() => t.app.inject({ method: 'GET', url: `/invite/${invite}` }))).toEqual({ status: 200, lookups: 1 });
  });
});
