import { SEATING_COORD_MAX, type SeatingGuest, type SeatingPlan, type SeatingTable } from '@magiim/shared';

/** Pure changes to the seating plan, for the screen's optimistic updates (the server's answer then replaces them). */

/** Seats a guest at a table (or unseats with null): the guest's table, both tables' seats, the unseated seats. */
export const applyGuestMove = (plan: SeatingPlan, guestId: string, tableId: string | null): SeatingPlan => {
  const guest = plan.guests.find((g) => g.guestId === guestId);
  if (!guest || guest.tableId === tableId) return plan;
  const from = guest.tableId;
  return {
    ...plan,
    guests: plan.guests.map((g) => (g.guestId === guestId ? { ...g, tableId } : g)),
    tables: plan.tables.map((t) => {
      if (t.id === from) return { ...t, seated: t.seated - guest.seats };
      if (t.id === tableId) return { ...t, seated: t.seated + guest.seats };
      return t;
    }),
    unseatedSeats: plan.unseatedSeats + (from === null ? -guest.seats : 0) + (tableId === null ? guest.seats : 0),
  };
};

/** Whether a guest fits at a table (their own table always does). */
export const fitsAt = (plan: SeatingPlan, guestId: string, tableId: string): boolean => {
  const guest = plan.guests.find((g) => g.guestId === guestId);
  const table = plan.tables.find((t) => t.id === tableId);
  if (!guest || !table) return false;
  return guest.tableId === tableId || table.seated + guest.seats <= table.capacity;
};

export const applyTableEdit = (plan: SeatingPlan, tableId: string, change: Partial<SeatingTable>): SeatingPlan => ({
  ...plan,
  tables: plan.tables.map((t) => (t.id === tableId ? { ...t, ...change } : t)),
});

export const clampCoord = (value: number): number => Math.max(0, Math.min(SEATING_COORD_MAX, Math.round(value)));

export interface SeatingTotals {
  /** Seats taken by guests at a table. */
  seated: number;
  unseated: number;
  free: number;
  /** Guests (invitations) without a table who take at least one seat. */
  unseatedGuests: number;
}

export const totalsOf = (plan: SeatingPlan): SeatingTotals => {
  let seated = 0;
  let capacity = 0;
  for (const t of plan.tables) {
    seated += t.seated;
    capacity += t.capacity;
  }
  let unseatedGuests = 0;
  for (const g of plan.guests) if (g.tableId === null && g.seats > 0) unseatedGuests += 1;
  return { seated, unseated: plan.unseatedSeats, free: Math.max(0, capacity - seated), unseatedGuests };
};

/** Where the screen's guest list stands: everyone, the unseated, or one table's guests; and one group or all. */
export interface GuestFilter {
  table: 'all' | 'unseated' | string;
  group: 'all' | 'none' | string;
  q: string;
}

export const filterGuests = (guests: readonly SeatingGuest[], filter: GuestFilter): SeatingGuest[] => {
  const q = filter.q.trim().toLocaleLowerCase();
  return guests.filter((g) => {
    // Guests who take no seat (they declined) are not seated and not waiting for a seat.
    if (g.seats === 0 && g.tableId === null) return false;
    if (filter.table === 'unseated' ? g.tableId !== null : filter.table !== 'all' && g.tableId !== filter.table) return false;
    if (filter.group === 'none' ? g.groupId !== null : filter.group !== 'all' && g.groupId !== filter.group) return false;
    return q === '' || g.fullName.toLocaleLowerCase().includes(q);
  });
};

/** Where a new table goes: the next free cell of a grid, in plan units. */
export const TABLE_GRID = 170;
export const TABLE_GRID_COLUMNS = 6;
export const nextTablePosition = (tables: readonly SeatingTable[]): { x: number; y: number } => {
  const taken = new Set(tables.map((t) => `${Math.round(t.x / TABLE_GRID)}:${Math.round(t.y / TABLE_GRID)}`));
  for (let i = 0; ; i += 1) {
    const col = i % TABLE_GRID_COLUMNS;
    const row = Math.floor(i / TABLE_GRID_COLUMNS);
    if (!taken.has(`${col}:${row}`)) return { x: col * TABLE_GRID + 24, y: row * TABLE_GRID + 24 };
  }
};

export const nextTableNumber = (tables: readonly SeatingTable[]): number => tables.reduce((max, t) => Math.max(max, t.number), 0) + 1;
