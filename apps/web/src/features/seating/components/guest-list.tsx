import { memo, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { GroupDto, SeatingGuest, SeatingTable } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../design/tokens';
import { isolateLtr, isolateUserText, UserText } from '../../../design/bidi';
import { guestDndId, UNSEATED_DROP_ID, type DragData } from '../dnd-ids';
import { filterGuests, type GuestFilter } from '../plan-model';

/** Rows drawn at first and on each "show more" (1,000 guests stay quick to draw and to drag). */
export const GUEST_PAGE = 120;

interface GuestListProps {
  guests: readonly SeatingGuest[];
  tables: readonly SeatingTable[];
  groups: readonly GroupDto[];
  /** Desktop: rows have a drag handle and the list takes guests off their table when dropped on. */
  dnd: boolean;
  onMove: (guestId: string) => void;
}

/** The guests with filters (everyone, without a table, one table; a group; a name), each with "move to table". */
export function GuestList({ guests, tables, groups, dnd, onMove }: GuestListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<GuestFilter>({ table: 'all', group: 'all', q: '' });
  const [limit, setLimit] = useState(GUEST_PAGE);
  const tableNumbers = useMemo(() => new Map(tables.map((x) => [x.id, x.number])), [tables]);
  const groupNames = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);
  const shown = useMemo(() => filterGuests(guests, filter), [guests, filter]);
  const change = (next: Partial<GuestFilter>) => {
    setFilter((now) => ({ ...now, ...next }));
    setLimit(GUEST_PAGE);
  };
  const list = (
    <Box component="ul" aria-label={t('seating.guests.title')} data-testid="seating-guest-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {shown.slice(0, limit).map((g) => (
        <GuestRow
          key={g.guestId}
          guestId={g.guestId}
          fullName={g.fullName}
          seats={g.seats}
          tableNumber={g.tableId ? (tableNumbers.get(g.tableId) ?? null) : null}
          groupName={g.groupId ? (groupNames.get(g.groupId) ?? null) : null}
          dnd={dnd}
          onMove={onMove}
        />
      ))}
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }} spacing={1.5}>
        <TextField size="small" label={t('seating.guests.search')} value={filter.q} onChange={(e) => change({ q: e.target.value })} fullWidth />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <TextField select size="small" label={t('seating.guests.filterTable')} value={filter.table} onChange={(e) => change({ table: e.target.value })} fullWidth data-testid="seating-filter-table">
          <MenuItem value="all">{t('seating.guests.all')}</MenuItem>
          <MenuItem value="unseated">{t('seating.guests.unseated')}</MenuItem>
          {tables.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {t('seating.table.number', { number: isolateLtr(String(x.number)) })}
              {x.name ? ` ${isolateUserText(x.name)}` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('seating.guests.filterGroup')} value={filter.group} onChange={(e) => change({ group: e.target.value })} fullWidth data-testid="seating-filter-group">
          <MenuItem value="all">{t('seating.guests.allGroups')}</MenuItem>
          <MenuItem value="none">{t('seating.guests.noGroup')}</MenuItem>
          {groups.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              <UserText>{g.name}</UserText>
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="seating-guest-count">
        {t('seating.guests.shown', { shown: isolateLtr(String(Math.min(limit, shown.length))), total: isolateLtr(String(shown.length)) })}
      </Typography>
      {dnd ? <UnseatDropZone>{list}</UnseatDropZone> : list}
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('seating.guests.none')}
        </Typography>
      ) : null}
      {shown.length > limit ? (
        <Button variant="text" onClick={() => setLimit((n) => n + GUEST_PAGE)} sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }}>
          {t('seating.guests.showMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

function UnseatDropZone({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const data: DragData = { type: 'unseated' };
  const { setNodeRef, isOver, active } = useDroppable({ id: UNSEATED_DROP_ID, data });
  const guestOver = isOver && active?.data.current?.type === 'guest';
  return (
    <Box ref={setNodeRef} sx={{ borderRadius: 2, outline: guestOver ? `2px dashed ${colors.primary}` : 'none', outlineOffset: 4, position: 'relative' }}>
      {guestOver ? (
        <Typography variant="body2" sx={{ color: 'primary.dark', fontWeight: 600, pb: 1 }}>
          {t('seating.guests.dropToUnseat')}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

interface GuestRowProps {
  guestId: string;
  fullName: string;
  seats: number;
  tableNumber: number | null;
  groupName: string | null;
  dnd: boolean;
  onMove: (guestId: string) => void;
}

const GuestRow = memo(function GuestRow({ guestId, fullName, seats, tableNumber, groupName, dnd, onMove }: GuestRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="seating-guest"
      data-guest-id={guestId}
      data-table-number={tableNumber ?? ''}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // Off-screen rows skip layout and paint (long lists).
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 64px',
      }}
    >
      {dnd ? <GuestDragHandle guestId={guestId} fullName={fullName} /> : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <UserText>{fullName}</UserText>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <Box component="span" sx={{ color: tableNumber === null ? colors.rose : 'text.secondary', fontWeight: tableNumber === null ? 600 : 400 }}>
            {tableNumber === null ? t('seating.guests.noTable') : t('seating.guests.atTable', { number: isolateLtr(String(tableNumber)) })}
          </Box>
          {' · '}
          {t('seating.guests.seats', { n: isolateLtr(String(seats)) })}
          {groupName ? (
            <>
              {' · '}
              <UserText>{groupName}</UserText>
            </>
          ) : null}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onMove(guestId)}
        aria-label={`${t('seating.guests.move')}: ${isolateUserText(fullName)}`}
        data-testid="seating-guest-move"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, minHeight: 36 }}
      >
        {t('seating.guests.move')}
      </Button>
    </Box>
  );
});

function GuestDragHandle({ guestId, fullName }: { guestId: string; fullName: string }) {
  const { t } = useTranslation();
  const data: DragData = { type: 'guest', guestId, name: fullName };
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id: guestDndId(guestId), data, attributes: { roleDescription: t('seating.dnd.roleDescription') } });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('seating.guests.drag', { name: isolateUserText(fullName) })}
      data-testid="seating-guest-drag"
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 32,
        height: 44,
        flexShrink: 0,
        borderRadius: 1.5,
        color: 'text.secondary',
        cursor: isDragging ? 'grabbing' : 'grab',
        touchAction: 'none',
        opacity: isDragging ? 0.4 : 1,
        '&:hover': { bgcolor: colors.primarySoft, color: 'primary.dark' },
        '&:focus-visible': { outline: `3px solid ${colors.primary}`, outlineOffset: 1 },
      }}
    >
      <DragIndicatorIcon fontSize="small" />
    </Box>
  );
}
