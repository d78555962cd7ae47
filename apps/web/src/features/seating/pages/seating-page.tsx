import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHighOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { Lang, SeatingAutoResult, SeatingPlan } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { currentLanguage } from '../../../app/i18n';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { isolateLtr, isolateUserText, UserText } from '../../../design/bidi';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { colors } from '../../../design/tokens';
import { useEvent } from '../../events/use-event';
import { useGroups } from '../../guests/api';
import { downloadSeatingExport, useAutoSeat, useMoveGuest, usePlaceTable, useSeatingPlan, useShowTablesToGuests } from '../api';
import { AutoSeatDialog } from '../components/auto-seat-dialog';
import { FloorPlan } from '../components/floor-plan';
import { GuestList } from '../components/guest-list';
import { MoveGuestDialog } from '../components/move-guest-dialog';
import { TableDialog } from '../components/table-dialog';
import type { DragData } from '../dnd-ids';
import { seatingKeyboardCoordinates } from '../keyboard-jumps';
import { clampCoord, fitsAt, totalsOf } from '../plan-model';

const errorKey = (error: unknown): string => (isApiError(error) ? `errors.${error.code}` : 'errors.INTERNAL');
const toastError = (error: unknown) => {
  if (isApiError(error) && error.handledGlobally) return;
  showToast(errorKey(error), 'error');
};

// Sensor options of the module, not of each render: dnd-kit keys its sensors on them, and new ones give every table
// and drag handle a new context to draw again with (a move measured 215–270 ms on 1,000 guests before).
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: seatingKeyboardCoordinates };

// The pointer decides where a mouse drop lands; a keyboard drag has no pointer, so rectangles decide.
const collisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/** `/event/:id/seating` (issue 31): the floor plan on a desktop, a list with "move to table" on a phone. */
export function SeatingPage() {
  const event = useEvent();
  const plan = useSeatingPlan(event.id);
  const { t } = useTranslation();
  return (
    <Box data-testid={plan.data ? 'seating-ready' : 'seating-loading'}>
      <PageHeading>{t('seating.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('seating.intro')}
      </Typography>
      {plan.data ? (
        <SeatingScreen eventId={event.id} plan={plan.data} />
      ) : plan.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void plan.refetch()} sx={{ whiteSpace: 'nowrap' }}>
              {t('seating.retry')}
            </Button>
          }
        >
          {t('seating.loadFailed')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('seating.title')} />
        </Box>
      )}
    </Box>
  );
}

function SeatingScreen({ eventId, plan }: { eventId: string; plan: SeatingPlan }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const groups = useGroups(eventId).data ?? [];
  const move = useMoveGuest(eventId);
  const place = usePlaceTable(eventId);
  const auto = useAutoSeat(eventId);
  const showTables = useShowTablesToGuests(eventId);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [autoResult, setAutoResult] = useState<SeatingAutoResult | null>(null);
  const [dragged, setDragged] = useState<DragData | null>(null);
  const totals = useMemo(() => totalsOf(plan), [plan]);
  const names = useMemo(() => new Map(plan.guests.map((g) => [g.guestId, g.fullName])), [plan.guests]);
  const tableNumbers = useMemo(() => new Map(plan.tables.map((x) => [x.id, x.number])), [plan.tables]);

  // Stable callbacks: memoized rows and tables do not draw again when one guest moves.
  const planRef = useLatest(plan);
  const seat = useCallback(
    (guestId: string, tableId: string | null) => {
      if (tableId && !fitsAt(planRef.current, guestId, tableId)) {
        showToast('errors.TABLE_FULL', 'error');
        return;
      }
      move.mutate({ guestId, tableId }, { onError: toastError });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mutate is stable; the plan is read through the ref
    [move.mutate],
  );
  const openMove = useCallback((guestId: string) => setMoving(guestId), []);
  const openEdit = useCallback((tableId: string) => setEditing(tableId), []);

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  const tableLabel = (id: unknown) => {
    const n = typeof id === 'string' && id.startsWith('table:') ? tableNumbers.get(id.slice('table:'.length)) : undefined;
    return n === undefined ? '' : isolateLtr(String(n));
  };
  const dataOf = (x: { data: { current?: unknown } } | null | undefined) => x?.data.current as DragData | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const d = dataOf(active);
      return d?.type === 'guest' ? t('seating.dnd.pickedGuest', { name: isolateUserText(d.name) }) : t('seating.dnd.pickedTable', { number: tableLabel(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (dataOf(active)?.type !== 'guest') return undefined;
      const o = dataOf(over);
      if (o?.type === 'table') return t('seating.dnd.overTable', { number: tableLabel(over?.id) });
      if (o?.type === 'unseated') return t('seating.dnd.overUnseated');
      return t('seating.dnd.overNothing');
    },
    onDragEnd: ({ active, over }) => {
      const d = dataOf(active);
      if (d?.type === 'table') return t('seating.dnd.droppedTable', { number: tableLabel(active.id) });
      const o = dataOf(over);
      if (d?.type === 'guest' && o?.type === 'table') return t('seating.dnd.droppedGuest', { name: isolateUserText(d.name), number: tableLabel(over?.id) });
      if (d?.type === 'guest' && o?.type === 'unseated') return t('seating.dnd.droppedUnseated', { name: isolateUserText(d.name) });
      return t('seating.dnd.droppedNothing');
    },
    onDragCancel: () => t('seating.dnd.cancelled'),
  };

  const onDragStart = (e: DragStartEvent) => setDragged(dataOf(e.active) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const d = dataOf(e.active);
    const o = dataOf(e.over);
    if (d?.type === 'guest') {
      if (o?.type === 'table') seat(d.guestId, o.tableId);
      else if (o?.type === 'unseated') seat(d.guestId, null);
      return;
    }
    if (d?.type === 'table' && (e.delta.x !== 0 || e.delta.y !== 0)) {
      const table = plan.tables.find((x) => x.id === d.tableId);
      if (!table) return;
      place.mutate({ tableId: table.id, x: clampCoord(table.x + e.delta.x), y: clampCoord(table.y + e.delta.y) }, { onError: toastError });
    }
  };

  const guestList = <GuestList guests={plan.guests} tables={plan.tables} groups={groups} dnd={desktop} onMove={openMove} />;
  const movingGuest = moving ? plan.guests.find((g) => g.guestId === moving) : undefined;
  const editingTable = editing && editing !== 'new' ? (plan.tables.find((x) => x.id === editing) ?? null) : null;

  return (
    <Stack spacing={3}>
      <Totals seated={totals.seated} unseated={totals.unseated} free={totals.free} />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1.5 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }} data-testid="seating-add-table">
          {t('seating.actions.addTable')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AutoFixHighIcon />}
          loading={auto.isPending}
          disabled={plan.tables.length === 0}
          onClick={() => auto.mutate(undefined, { onSuccess: setAutoResult, onError: toastError })}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="seating-auto"
        >
          {t('seating.actions.autoSeat')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadSeatingExport(eventId, currentLanguage() as Lang).catch(toastError)}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="seating-download"
        >
          {t('seating.actions.download')}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} component={RouterLink} to={`/event/${eventId}/seating/print`} sx={{ whiteSpace: 'nowrap' }} data-testid="seating-print">
          {t('seating.actions.print')}
        </Button>
      </Box>
      <Card variant="outlined" sx={{ px: 2, py: 1.5, bgcolor: colors.goldSoft, borderColor: colors.goldSoft }}>
        <FormControlLabel
          control={
            <Switch
              checked={plan.showTablesToGuests}
              onChange={(_e, on) => showTables.mutate({ showTablesToGuests: on }, { onError: toastError })}
              slotProps={{ input: { 'aria-describedby': 'seating-show-tables-hint' } }}
              data-testid="seating-show-tables"
            />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{t('seating.showTables.label')}</Typography>}
        />
        <Typography id="seating-show-tables-hint" variant="body2" color="text.secondary" sx={{ paddingInlineStart: 6.5 }}>
          {t('seating.showTables.hint')}
        </Typography>
      </Card>

      {desktop ? (
        <DndContext
          sensors={sensors}
          collisionDetection={collisions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('seating.dnd.instructions') } }}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 380px', gap: 3, alignItems: 'start' }}>
            <Box>
              {plan.tables.length === 0 ? (
                <NoTables onAdd={() => setEditing('new')} />
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('seating.plan.hint')}
                  </Typography>
                  <FloorPlan tables={plan.tables} onEdit={openEdit} />
                </>
              )}
            </Box>
            <Card variant="outlined" sx={{ p: 2.5, position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflow: 'auto' }}>
              <Typography variant="h2" sx={{ mb: 2 }}>
                {t('seating.guests.title')}
              </Typography>
              {guestList}
            </Card>
          </Box>
          <DragOverlay dropAnimation={null}>
            {dragged?.type === 'guest' ? (
              <Box sx={{ px: 2, py: 1, borderRadius: 999, bgcolor: 'primary.main', color: 'common.white', fontWeight: 600, boxShadow: 4, whiteSpace: 'nowrap', width: 'max-content' }}>
                <UserText>{dragged.name}</UserText>
              </Box>
            ) : null}
          </DragOverlay>
        </DndContext>
      ) : (
        <>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {t('seating.guests.title')}
            </Typography>
            {guestList}
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {t('seating.plan.tables')}
            </Typography>
            {plan.tables.length === 0 ? <NoTables onAdd={() => setEditing('new')} /> : <TableCards plan={plan} onEdit={openEdit} />}
          </Card>
        </>
      )}

      {editing ? <TableDialog key={editing} eventId={eventId} table={editingTable} tables={plan.tables} onClose={() => setEditing(null)} /> : null}
      {movingGuest ? <MoveGuestDialog guest={movingGuest} tables={plan.tables} onMove={seat} onClose={() => setMoving(null)} /> : null}
      {autoResult ? <AutoSeatDialog result={autoResult} names={names} onClose={() => setAutoResult(null)} /> : null}
    </Stack>
  );
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

function Totals({ seated, unseated, free }: { seated: number; unseated: number; free: number }) {
  const { t } = useTranslation();
  const items = [
    { key: 'seated', label: t('seating.totals.seated'), value: seated, accent: colors.primary },
    { key: 'unseated', label: t('seating.totals.unseated'), value: unseated, accent: colors.rose },
    { key: 'free', label: t('seating.totals.free'), value: free, accent: colors.gold },
  ];
  return (
    <Box component="dl" aria-label={t('seating.totals.label')} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}>
      {items.map((item) => (
        <Card key={item.key} variant="outlined" data-testid={`seating-total-${item.key}`} sx={{ p: { xs: 1.5, sm: 2.5 }, borderTop: `4px solid ${item.accent}` }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ lineHeight: 1.3, minHeight: { xs: '2.6em', sm: 'auto' } }}>
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.2 }} data-testid="seating-total-value">
            <bdi dir="ltr">{item.value}</bdi>
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

function NoTables({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      illustration={<InvitationIllustration />}
      title={t('seating.plan.emptyTitle')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} sx={{ whiteSpace: 'nowrap' }}>
          {t('seating.actions.addTable')}
        </Button>
      }
    >
      {t('seating.plan.emptyText')}
    </EmptyState>
  );
}

/** Phones: the tables as a list of cards (number, name, seats), each with its edit button. */
function TableCards({ plan, onEdit }: { plan: SeatingPlan; onEdit: (tableId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="seating-table-cards">
      {plan.tables.map((x) => {
        const full = x.seated >= x.capacity;
        return (
          <Box
            component="li"
            key={x.id}
            data-testid="seating-table"
            data-table-number={x.number}
            data-seated={x.seated}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 3, border: 1, borderColor: full ? colors.gold : colors.line, bgcolor: full ? colors.goldSoft : 'background.paper' }}
          >
            <Box sx={{ width: 44, height: 44, borderRadius: x.shape === 'round' ? '50%' : '10px', bgcolor: colors.primarySoft, color: 'primary.dark', display: 'grid', placeItems: 'center', fontWeight: 700, flexShrink: 0 }}>
              <bdi dir="ltr">{x.number}</bdi>
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {x.name ? <UserText>{x.name}</UserText> : t('seating.table.number', { number: isolateLtr(String(x.number)) })}
              </Typography>
              <Typography variant="body2" sx={{ color: full ? colors.warningText : 'text.secondary' }}>
                <bdi dir="ltr">
                  {x.seated}/{x.capacity}
                </bdi>
                {full ? ` · ${t('seating.table.full')}` : ''}
              </Typography>
            </Box>
            <Button size="small" variant="text" startIcon={<EditIcon />} onClick={() => onEdit(x.id)} aria-label={`${t('seating.table.editShort')}: ${t('seating.table.number', { number: isolateLtr(String(x.number)) })}`} sx={{ whiteSpace: 'nowrap' }} data-testid="seating-table-edit">
              {t('seating.table.editShort')}
            </Button>
          </Box>
        );
      })}
    </Box>
  );
}
