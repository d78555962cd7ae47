/** What is dragged or dropped on the seating screen (dnd-kit's `data`), and the ids it gives them. */
export type DragData =
  | { type: 'guest'; guestId: string; name: string }
  | { type: 'table'; tableId: string; number: number }
  | { type: 'unseated' };

export const guestDndId = (guestId: string) => `guest:${guestId}`;
export const tableId = (id: string) => `table:${id}`;
export const UNSEATED_DROP_ID = 'unseated';
