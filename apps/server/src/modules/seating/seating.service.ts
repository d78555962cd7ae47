import type { SeatingAutoResult, SeatingPlan, SeatingSettings, SeatingTable, seatingTableCreateSchema, seatingTableUpdateSchema } from '@magiim/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import * as repo from './seating.repository.js';

type TableCreate = z.output<typeof seatingTableCreateSchema>;
type TableUpdate = z.output<typeof seatingTableUpdateSchema>;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

/** The plan: tables in number order with their seats taken, every guest's table and seats, and the seats still unseated. */
export const readPlan = async (ctx: AppContext, eventId: string): Promise<SeatingPlan> =>
  ctx.db.transaction(
    async (tx) => {
      const [tables, guestRows, showTablesToGuests] = [await repo.listTables(tx, eventId), await repo.listGuestSeats(tx, eventId), await repo.readShowTables(tx, eventId)];
      const seated = new Map<string, number>();
      let unseatedSeats = 0;
      for (const g of guestRows) {
        if (g.tableId) seated.set(g.tableId, (seated.get(g.tableId) ?? 0) + g.seats);
        else unseatedSeats += g.seats;
      }
      return {
        tables: tables.map((t): SeatingTable => ({ id: t.id, number: t.number, name: t.name, capacity: t.capacity, shape: t.shape, x: t.x, y: t.y, seated: seated.get(t.id) ?? 0 })),
        guests: guestRows.map((g) => ({ guestId: g.guestId, tableId: g.tableId, seats: g.seats, fullName: g.fullName, groupId: g.groupId, ...(g.status === 'approved' && g.split ? g.split : {}) })),
        unseatedSeats,
        showTablesToGuests: showTablesToGuests ?? false,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

export const getPlan = async (ctx: AppContext, userId: string, eventId: string): Promise<SeatingPlan> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  return readPlan(ctx, eventId);
};

/** "Show tables to guests": the guest's page shows their table once the host turns it on. */
export const updateSettings = async (ctx: AppContext, userId: string, eventId: string, body: SeatingSettings): Promise<SeatingSettings> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  await repo.writeShowTables(ctx.db, eventId, body.showTablesToGuests);
  return { showTablesToGuests: body.showTablesToGuests };
};

export const createTable = async (ctx: AppContext, userId: string, eventId: string, body: TableCreate): Promise<SeatingPlan> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  try {
    await repo.insertTable(ctx.db, { eventId, number: body.number, name: body.name || null, capacity: body.capacity, shape: body.shape, x: body.x, y: body.y });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('VALIDATION', 'table number taken', [{ path: 'number', message: 'duplicate' }]);
    throw error;
  }
  return readPlan(ctx, eventId);
};

export const editTable = async (ctx: AppContext, userId: string, eventId: string, tableId: string, body: TableUpdate): Promise<SeatingPlan> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  await ctx.db.transaction(async (tx) => {
    const table = await repo.lockTable(tx, eventId, tableId);
    if (!table) throw new AppError('NOT_FOUND', 'table not found');
    // Lowering the capacity below the seats taken is refused: a table never holds more than its capacity.
    if (body.capacity !== undefined && body.capacity < (await repo.seatsAt(tx, tableId))) throw new AppError('TABLE_FULL', 'capacity below the seats taken');
    try {
      await repo.updateTable(tx, eventId, tableId, { ...body, ...(body.name !== undefined ? { name: body.name || null } : {}) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('VALIDATION', 'table number taken', [{ path: 'number', message: 'duplicate' }]);
      throw error;
    }
  });
  return readPlan(ctx, eventId);
};

export const removeTable = async (ctx: AppContext, userId: string, eventId: string, tableId: string): Promise<SeatingPlan> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  if (!(await repo.deleteTable(ctx.db, eventId, tableId))) throw new AppError('NOT_FOUND', 'table not found');
  return readPlan(ctx, eventId);
};

/**
 * Seats a guest at a table (or unseats with null). The table's row is locked for the check and the write, so two
 * co-hosts moving guests to the same table at once never fill it past its capacity (TABLE_FULL).
 */
export const moveGuest = async (ctx: AppContext, userId: string, eventId: string, guestId: string, tableId: string | null): Promise<SeatingPlan> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  await ctx.db.transaction(async (tx) => {
    if (tableId) {
      const table = await repo.lockTable(tx, eventId, tableId);
      if (!table) throw new AppError('NOT_FOUND', 'table not found');
      const guest = await repo.findGuestSeat(tx, eventId, guestId);
      if (!guest) throw new AppError('NOT_FOUND', 'guest not found');
      if (guest.tableId === tableId) return;
      if ((await repo.seatsAt(tx, tableId, guestId)) + guest.seats > table.capacity) throw new AppError('TABLE_FULL', 'the table is full');
    } else if (!(await repo.findGuestSeat(tx, eventId, guestId))) {
      throw new AppError('NOT_FOUND', 'guest not found');
    }
    await repo.setGuestTable(tx, eventId, [guestId], tableId);
  });
  return readPlan(ctx, eventId);
};

/**
 * Seats the unseated guests who are coming: tables in number order, each group together at the first table with
 * room for all of it, else its guests one by one; never above capacity. Answers who could not be seated.
 */
export const autoSeat = async (ctx: AppContext, userId: string, eventId: string): Promise<SeatingAutoResult> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  return ctx.db.transaction(async (tx) => {
    const tables = await repo.listTables(tx, eventId);
    const free = new Map<string, number>();
    for (const t of tables) {
      await repo.lockTable(tx, eventId, t.id);
      free.set(t.id, t.capacity - (await repo.seatsAt(tx, t.id)));
    }
    const unseated = await repo.listUnseatedComing(tx, eventId);
    const bunches = new Map<string, repo.GuestSeatRow[]>();
    for (const g of unseated) {
      const key = g.groupId ?? `guest:${g.guestId}`;
      bunches.set(key, [...(bunches.get(key) ?? []), g]);
    }
    const placed = new Map<string, string[]>();
    const notSeated: string[] = [];
    const place = (ids: string[], seats: number): boolean => {
      const table = tables.find((t) => (free.get(t.id) ?? 0) >= seats);
      if (!table) return false;
      free.set(table.id, (free.get(table.id) ?? 0) - seats);
      placed.set(table.id, [...(placed.get(table.id) ?? []), ...ids]);
      return true;
    };
    for (const bunch of bunches.values()) {
      const total = bunch.reduce((s, g) => s + g.seats, 0);
      if (place(bunch.map((g) => g.guestId), total)) continue;
      for (const g of bunch) if (!place([g.guestId], g.seats)) notSeated.push(g.guestId);
    }
    let seated = 0;
    for (const [tableId, ids] of placed) {
      await repo.setGuestTable(tx, eventId, ids, tableId);
      seated += ids.length;
    }
    return { seated, notSeated };
  });
};
