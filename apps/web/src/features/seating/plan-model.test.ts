import { describe, expect, it } from 'vitest';
import type { SeatingPlan } from '@magiim/shared';
import { applyGuestMove, filterGuests, fitsAt, nextTablePosition, totalsOf } from './plan-model';

const plan: SeatingPlan = {
  tables: [
    { id: 't1', number: 1, name: null, capacity: 4, shape: 'round', x: 24, y: 24, seated: 3 },
    { id: 't2', number: 2, name: 'Family', capacity: 2, shape: 'knight', x: 194, y: 24, seated: 0 },
  ],
  guests: [
    { guestId: 'a', tableId: 't1', seats: 3, fullName: 'Avi', groupId: 'g1' },
    { guestId: 'b', tableId: null, seats: 2, fullName: 'Bat-El', groupId: 'g1' },
    { guestId: 'c', tableId: null, seats: 0, fullName: 'Declined', groupId: null },
  ],
  unseatedSeats: 2,
  showTablesToGuests: false,
};

describe('the seating plan, changed on the screen before the server answers', () => {
  it('moves a guest: both tables and the unseated seats follow', () => {
    const moved = applyGuestMove(plan, 'a', 't2');
    expect(moved.tables.map((t) => t.seated)).toEqual([0, 3]);
    expect(moved.unseatedSeats).toBe(2);
    const seated = applyGuestMove(plan, 'b', 't1');
    expect(seated.tables[0]!.seated).toBe(5);
    expect(seated.unseatedSeats).toBe(0);
    expect(applyGuestMove(seated, 'b', null)).toMatchObject({ unseatedSeats: 2, tables: [{ seated: 3 }, { seated: 0 }] });
    // Unchanged rows keep their objects (memoized rows do not draw again).
    expect(seated.guests[0]).toBe(plan.guests[0]);
  });

  it('knows a full table, and that a guest always fits at their own table', () => {
    expect(fitsAt(plan, 'b', 't1')).toBe(false);
    expect(fitsAt(plan, 'b', 't2')).toBe(true);
    expect(fitsAt(plan, 'a', 't1')).toBe(true);
  });

  it('counts seated, unseated and free seats; filters by table, group and name, leaving out who takes no seat', () => {
    expect(totalsOf(plan)).toEqual({ seated: 3, unseated: 2, free: 3, unseatedGuests: 1 });
    expect(filterGuests(plan.guests, { table: 'unseated', group: 'all', q: '' }).map((g) => g.guestId)).toEqual(['b']);
    expect(filterGuests(plan.guests, { table: 't1', group: 'all', q: '' }).map((g) => g.guestId)).toEqual(['a']);
    expect(filterGuests(plan.guests, { table: 'all', group: 'g1', q: 'bat' }).map((g) => g.guestId)).toEqual(['b']);
    expect(filterGuests(plan.guests, { table: 'all', group: 'none', q: '' })).toEqual([]);
  });

  it('places a new table in the next free cell of the grid', () => {
    expect(nextTablePosition(plan.tables)).toEqual({ x: 2 * 170 + 24, y: 24 });
  });
});
