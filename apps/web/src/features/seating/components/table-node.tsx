import { memo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { SeatingTableShape } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../design/tokens';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { isolateLtr } from '../../../design/bidi';
import { tableId as tableDndId, type DragData } from '../dnd-ids';

/** Drawn size of each shape on the floor plan, in plan units (1 unit = 1 px). */
export const SHAPE_SIZE: Record<SeatingTableShape, { w: number; h: number; radius: string }> = {
  round: { w: 112, h: 112, radius: '50%' },
  rectangle: { w: 156, h: 92, radius: '14px' },
  knight: { w: 228, h: 72, radius: '12px' },
};

export interface TableNodeProps {
  id: string;
  number: number;
  name: string | null;
  capacity: number;
  shape: SeatingTableShape;
  x: number;
  y: number;
  seated: number;
  onEdit: (tableId: string) => void;
}

/** One table on the floor plan: a drop target for guests, dragged to move it; memoized (100 tables, one changes). */
export const TableNode = memo(function TableNode({ id, number, name, capacity, shape, x, y, seated, onEdit }: TableNodeProps) {
  const { t } = useTranslation();
  const data: DragData = { type: 'table', tableId: id, number };
  const drop = useDroppable({ id: tableDndId(id), data });
  const drag = useDraggable({ id: tableDndId(id), data, attributes: { roleDescription: t('seating.dnd.roleDescription') } });
  const size = SHAPE_SIZE[shape];
  const full = seated >= capacity;
  const guestOver = drop.isOver && drop.active?.data.current?.type === 'guest';
  const transform = drag.transform ? `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)` : undefined;
  return (
    <div
      ref={drop.setNodeRef}
      data-testid="seating-table"
      data-table-number={number}
      data-seated={seated}
      // Physical coordinates: the plan does not mirror in right-to-left pages (inline style, not flipped by the RTL plugin).
      style={{ position: 'absolute', left: x, top: y, width: size.w, height: size.h, transform, zIndex: drag.isDragging ? 5 : 1 }}
    >
      <Box
        ref={(node: HTMLElement | null) => {
          drag.setNodeRef(node);
          drag.setActivatorNodeRef(node);
        }}
        {...drag.attributes}
        {...drag.listeners}
        sx={{
          width: '100%',
          height: '100%',
          borderRadius: size.radius,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.25,
          px: 1,
          cursor: drag.isDragging ? 'grabbing' : 'grab',
          touchAction: 'none',
          userSelect: 'none',
          bgcolor: guestOver ? colors.primarySoft : full ? colors.goldSoft : 'background.paper',
          color: 'text.primary',
          border: 2,
          borderColor: guestOver ? 'primary.main' : full ? colors.gold : colors.line,
          boxShadow: drag.isDragging ? '0 12px 28px rgba(42, 36, 51, 0.18)' : '0 1px 2px rgba(42, 36, 51, 0.06), 0 6px 16px rgba(42, 36, 51, 0.06)',
          transition: 'background-color 120ms, border-color 120ms',
          '&:focus-visible': { outline: `3px solid ${colors.primary}`, outlineOffset: 3 },
        }}
      >
        {/* Named by what it shows, with the words a screen reader needs around it. */}
        <Box component="span" sx={visuallyHidden}>
          {t('seating.table.word')}
        </Box>
        <Box component="span" sx={{ fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.1 }}>
          {number}
        </Box>
        {name ? (
          <Box component="span" dir="auto" sx={{ fontSize: '0.75rem', lineHeight: 1.3, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        ) : null}
        <Box component="span" dir="ltr" sx={{ fontSize: '0.8125rem', fontWeight: 600, color: full ? colors.warningText : 'text.secondary', unicodeBidi: 'isolate' }}>
          {seated}/{capacity}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {t('seating.table.srSuffix')}
        </Box>
      </Box>
      <IconButton
        size="small"
        aria-label={t('seating.table.edit', { number: isolateLtr(String(number)) })}
        onClick={() => onEdit(id)}
        data-testid="seating-table-edit"
        sx={{
          position: 'absolute',
          top: -10,
          insetInlineEnd: -10,
          width: 32,
          height: 32,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: colors.line,
          boxShadow: 1,
          '&:hover': { bgcolor: colors.primarySoft, borderColor: 'primary.main' },
        }}
      >
        <EditIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </div>
  );
});
