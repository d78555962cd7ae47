import { defaultKeyboardCoordinateGetter, KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { DragData } from './dnd-ids';

/**
 * Keyboard dragging: a table moves by arrow steps (dnd-kit's default); a guest jumps from table to table in
 * number order (arrows down/right: the next table; up/left: the one before), so a keyboard reaches any table.
 */
export const seatingKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const active = context.active?.data.current as DragData | undefined;
  if (active?.type !== 'guest') return defaultKeyboardCoordinateGetter(event, args);
  const forward = event.code === KeyboardCode.Down || event.code === KeyboardCode.Right;
  const back = event.code === KeyboardCode.Up || event.code === KeyboardCode.Left;
  if (!forward && !back) return undefined;
  event.preventDefault();
  const tables = context.droppableContainers
    .getEnabled()
    .filter((c) => (c.data.current as DragData | undefined)?.type === 'table')
    .map((c) => ({ id: c.id, number: (c.data.current as Extract<DragData, { type: 'table' }>).number, rect: context.droppableRects.get(c.id) }))
    .filter((c) => c.rect)
    .sort((a, b) => a.number - b.number);
  if (tables.length === 0) return undefined;
  const at = tables.findIndex((c) => c.id === context.over?.id);
  const next = at < 0 ? (forward ? 0 : tables.length - 1) : (at + (forward ? 1 : -1) + tables.length) % tables.length;
  const rect = tables[next]!.rect!;
  const moving = context.collisionRect;
  const w = moving?.width ?? 0;
  const h = moving?.height ?? 0;
  return { x: rect.left + rect.width / 2 - w / 2, y: rect.top + rect.height / 2 - h / 2 };
};
