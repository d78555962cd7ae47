import { z } from 'zod';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';

// Issue 31 (seating half): tables on a floor plan and the guests seated at them (`seating/{id}`).

export const SEATING_TABLE_SHAPES = ['round', 'rectangle', 'knight'] as const;
export type SeatingTableShape = (typeof SEATING_TABLE_SHAPES)[number];
export const SEATING_TABLE_CAPACITY_MIN = 1;
export const SEATING_TABLE_CAPACITY_MAX = 30;
export const SEATING_TABLE_NUMBER_MAX = 999;
export const SEATING_TABLE_NAME_MAX = 60;
/** Floor-plan coordinates, in plan units (the web app scales them). */
export const SEATING_COORD_MAX = 10_000;

const coord = z.number({ error: MSG.numeric }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(SEATING_COORD_MAX, MSG.invalidValue);

/** `POST seating/{id}/tables` */
export const seatingTableCreateSchema = z.object({
  number: z.number({ error: MSG.numeric }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(SEATING_TABLE_NUMBER_MAX, MSG.invalidValue),
  name: singleLineText({ min: 0, max: SEATING_TABLE_NAME_MAX }).optional(),
  capacity: z
    .number({ error: MSG.numeric })
    .int(MSG.invalidValue)
    .min(SEATING_TABLE_CAPACITY_MIN, MSG.invalidValue)
    .max(SEATING_TABLE_CAPACITY_MAX, MSG.invalidValue),
  shape: z.enum(SEATING_TABLE_SHAPES, { error: MSG.invalidValue }).default('round'),
  x: coord.default(0),
  y: coord.default(0),
});
export type SeatingTableCreate = z.input<typeof seatingTableCreateSchema>;

/** `PUT seating/{id}/tables/{tableId}`: any of the fields. */
export const seatingTableUpdateSchema = seatingTableCreateSchema.partial();
export type SeatingTableUpdate = z.input<typeof seatingTableUpdateSchema>;

/** `PUT seating/{id}/guests/{guestId}` */
export const seatingGuestMoveSchema = z.object({ tableId: z.uuid({ error: MSG.invalidValue }).nullable() });
export type SeatingGuestMove = z.input<typeof seatingGuestMoveSchema>;

export interface SeatingTable {
  id: string;
  number: number;
  name: string | null;
  capacity: number;
  shape: SeatingTableShape;
  x: number;
  y: number;
  /** Seats taken at this table. */
  seated: number;
}
export interface SeatingGuest {
  guestId: string;
  tableId: string | null;
  /** Seats the guest takes: `attending` when coming, `countOfInvites` when not answered or maybe. */
  seats: number;
  /** For the screen's lists and the print view. */
  fullName: string;
  groupId: string | null;
  /** Issue 32: the split the guest told of the people coming (adults/children or men/women); absent when none. */
  adults?: number;
  children?: number;
  men?: number;
  women?: number;
}
/** `GET seating/{id}` */
export interface SeatingPlan {
  tables: SeatingTable[];
  guests: SeatingGuest[];
  unseatedSeats: number;
  /** The guest's page shows their table ("Your table: 12"). */
  showTablesToGuests: boolean;
}

/** `PUT seating/{id}/settings` (answers the same object). */
export const seatingSettingsSchema = z.object({ showTablesToGuests: z.boolean({ error: MSG.invalidValue }) });
export type SeatingSettings = z.infer<typeof seatingSettingsSchema>;
/** `POST seating/{id}/auto` */
export interface SeatingAutoResult {
  seated: number;
  /** Guests who could not be seated (no table with room for their group or for them). */
  notSeated: string[];
}

export const seatingTableParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), tableId: z.uuid({ error: MSG.invalidValue }) });
export const seatingGuestParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), guestId: z.uuid({ error: MSG.invalidValue }) });
