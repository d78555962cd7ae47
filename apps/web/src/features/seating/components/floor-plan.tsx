import { memo } from 'react';
import Box from '@mui/material/Box';
import type { SeatingTable } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../design/tokens';
import { SHAPE_SIZE, TableNode } from './table-node';

const MIN_W = 640;
const MIN_H = 460;
const MARGIN = 48;

/** The hall: each table at its x,y (plan units = px), in a scrolling canvas that grows with the tables. */
export const FloorPlan = memo(function FloorPlan({ tables, onEdit }: { tables: readonly SeatingTable[]; onEdit: (tableId: string) => void }) {
  const { t } = useTranslation();
  let w = MIN_W;
  let h = MIN_H;
  for (const x of tables) {
    const size = SHAPE_SIZE[x.shape];
    w = Math.max(w, x.x + size.w + MARGIN);
    h = Math.max(h, x.y + size.h + MARGIN);
  }
  return (
    <Box
      role="region"
      aria-label={t('seating.plan.label')}
      data-testid="seating-floor-plan"
      sx={{
        position: 'relative',
        overflow: 'auto',
        maxHeight: '70vh',
        minHeight: 360,
        borderRadius: 4,
        border: 1,
        borderColor: colors.line,
        bgcolor: colors.canvas,
        backgroundImage: `radial-gradient(${colors.goldSoft} 1.5px, transparent 1.5px)`,
        backgroundSize: '24px 24px',
      }}
    >
      {/* The plan's own coordinates run from the left in every language. */}
      <div dir="ltr" style={{ position: 'relative', width: w, minWidth: '100%', height: h }}>
        {tables.map((x) => (
          <TableNode key={x.id} id={x.id} number={x.number} name={x.name} capacity={x.capacity} shape={x.shape} x={x.x} y={x.y} seated={x.seated} onEdit={onEdit} />
        ))}
      </div>
    </Box>
  );
});
