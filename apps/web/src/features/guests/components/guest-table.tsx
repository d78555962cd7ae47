import { memo, useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { formatPhone, isLandline, sideLabelOf, type GroupDto, type GuestDto, type GuestSort, type SideLabels } from '@magiim/shared';
import { currentLanguage } from '../../../app/i18n';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr, UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { GuestLinkMenu } from '../../invitations/components/guest-link-menu';
import { openQuestionsOf } from '../../invitations/components/answer-details';
import { ProgressLegend } from '../../messaging/components/message-progress';
import { MessageProgressButton } from '../../messaging/components/message-history-button';
import { GuestStatusChip } from './guest-status-chip';
import { InvitationViews } from './invitation-views';

interface GuestTableProps {
  eventId: string;
  guests: GuestDto[];
  groups: GroupDto[];
  /** Issue 32: the couple's side labels (each guest's side is shown under the group). */
  sideLabels?: SideLabels | undefined;
  selected: ReadonlySet<string>;
  onToggle: (guestId: string) => void;
  onToggleAll: (checked: boolean) => void;
  onDelete: (guest: GuestDto) => void;
  sort: GuestSort;
  onSort: (sort: GuestSort) => void;
  /** Phones get cards instead of columns. */
  compact: boolean;
}

/** Read by screen readers, not shown (a 1 px clipped box: it must not widen the page). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

const SORTABLE: Partial<Record<string, 'name' | 'countOfInvites' | 'status' | 'viewedCount' | 'createdAt'>> = {
  fullName: 'name',
  countOfInvites: 'countOfInvites',
  status: 'status',
  viewedCount: 'viewedCount',
};

/** A landline gets no WhatsApp and no SMS: the host sees it under the number. */
function LandlineNote({ label }: { label: string }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }} data-testid="landline-note">
      {label}
    </Typography>
  );
}

const attendingText = (guest: GuestDto) => (guest.attending === null ? '' : `${guest.attending}/${guest.countOfInvites}`);

/** A coming guest's questions not asked yet on the channel they answered by (transport, meals): "still to answer: …". */
function OpenQuestions({ guest }: { guest: GuestDto }) {
  const { t } = useTranslation();
  const open = guest.status === 'approved' || guest.status === 'changedDecision' ? openQuestionsOf(guest.answer) : [];
  if (open.length === 0) return null;
  return (
    <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }} data-testid="open-questions">
      {t('invitations.answer.openHint', { questions: open.map((key) => t(`invitations.answer.${key}`)).join(', ') })}
    </Typography>
  );
}


interface RowLabels {
  landline: string;
  edit: string;
  link: string;
  delete: string;
  select: string;
}

/**
 * One table row, memoised: ticking a box re-renders that row only. Plain icon buttons with a title (no
 * Tooltip, no ripple): a page of 200 rows would otherwise mount 400 tooltips.
 */
const GuestTableRow = memo(function GuestTableRow({
  eventId,
  guest,
  groupName,
  sideName,
  checked,
  labels,
  onToggle,
  onDelete,
}: {
  eventId: string;
  guest: GuestDto;
  groupName: string;
  sideName: string;
  checked: boolean;
  labels: RowLabels;
  onToggle: (guestId: string) => void;
  onDelete: (guest: GuestDto) => void;
}) {
  return (
    <TableRow hover selected={checked} data-testid="guest-row">
      <TableCell padding="checkbox">
        <Checkbox disableRipple checked={checked} onChange={() => onToggle(guest.id)} slotProps={{ input: { 'aria-label': `${labels.select}: ${guest.fullName}` } }} />
      </TableCell>
      <TableCell className="guest-name">
        <UserText>{guest.fullName}</UserText>
      </TableCell>
      <TableCell className="guest-phone">
        <Ltr>{formatPhone(guest.phoneNumber)}</Ltr>
        {isLandline(guest.phoneNumber) ? <LandlineNote label={labels.landline} /> : null}
      </TableCell>
      <TableCell>
        <Ltr>{guest.countOfInvites}</Ltr>
      </TableCell>
      <TableCell>
        {groupName ? <UserText>{groupName}</UserText> : null}
        {sideName ? (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="guest-side">
            <UserText>{sideName}</UserText>
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <GuestStatusChip status={guest.status} quietPending />
      </TableCell>
      <TableCell>
        <Ltr>{attendingText(guest)}</Ltr>
        <OpenQuestions guest={guest} />
      </TableCell>
      <TableCell>
        <InvitationViews count={guest.viewedCount} />
      </TableCell>
      <TableCell>
        <MessageProgressButton eventId={eventId} guestId={guest.id} guestName={guest.fullName} messages={guest.messages} optedOut={guest.optedOut} />
      </TableCell>
      <TableCell align="right">
        <div style={{ display: 'flex', gap: 4, justifyContent: 'flex-end', alignItems: 'center' }}>
          <GuestLinkMenu guest={guest} label={labels.link} />
          <IconButton
            disableRipple
            component={RouterLink}
            to={`/event/${eventId}/guest/edit/${guest.id}`}
            title={labels.edit}
            aria-label={`${labels.edit}: ${guest.fullName}`}
            size="small"
          >
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton disableRipple onClick={() => onDelete(guest)} title={labels.delete} aria-label={`${labels.delete}: ${guest.fullName}`} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </div>
      </TableCell>
    </TableRow>
  );
});

/** The guest list: a table on wide screens, one card per guest on a phone; selection drives the bulk actions. */
export const GuestTable = memo(function GuestTable({ eventId, guests, groups, sideLabels, selected, onToggle, onToggleAll, onDelete, sort, onSort, compact }: GuestTableProps) {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const groupName = useMemo(() => new Map(groups.map((group) => [group.id, group.name])), [groups]);
  const labels = useMemo<RowLabels>(() => ({ landline: t('guests.card.landline'), edit: t('guests.actions.edit'), link: t('invitations.links.menu'), delete: t('guests.actions.delete'), select: t('guests.actions.select') }), [t]);
  const lang = currentLanguage();
  const sideNameOf = (guest: GuestDto) => (guest.side ? sideLabelOf(guest.side, sideLabels, lang) : '');
  const allChecked = guests.length > 0 && guests.every((guest) => selected.has(guest.id));

  const actions = (guest: GuestDto) => (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end" alignItems="center">
      <GuestLinkMenu guest={guest} label={labels.link} />
      <Tooltip title={t('guests.actions.edit')}>
        <IconButton component={RouterLink} to={`/event/${eventId}/guest/edit/${guest.id}`} aria-label={`${t('guests.actions.edit')}: ${guest.fullName}`} size="small">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('guests.actions.delete')}>
        <IconButton onClick={() => onDelete(guest)} aria-label={`${t('guests.actions.delete')}: ${guest.fullName}`} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );

  if (compact) {
    return (
      <Stack spacing={1.5} data-testid="guest-cards">
        {guests.map((guest) => (
          <Card key={guest.id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid="guest-row">
            <Checkbox
              checked={selected.has(guest.id)}
              onChange={() => onToggle(guest.id)}
              slotProps={{ input: { 'aria-label': `${t('guests.actions.select')}: ${guest.fullName}` } }}
              sx={{ mt: -0.5, ms: -0.5 }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                <UserText>{guest.fullName}</UserText>
              </Typography>
              {/* Each fact whole, spaced apart rather than dotted: no separator is ever left hanging at a line's end. */}
              <Typography
                variant="body2"
                color="text.secondary"
                component="div"
                sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, '& > span': { whiteSpace: 'nowrap' } }}
                data-testid="guest-card-facts"
              >
                <span>
                  <Ltr>{formatPhone(guest.phoneNumber)}</Ltr>
                </span>
                <span>{ti('guests.card.invited', { count: guest.countOfInvites })}</span>
                {guest.groupId ? (
                  <span>
                    <UserText>{groupName.get(guest.groupId) ?? ''}</UserText>
                  </span>
                ) : null}
                {guest.side ? (
                  <span data-testid="guest-side">
                    <UserText>{sideNameOf(guest)}</UserText>
                  </span>
                ) : null}
              </Typography>
              {isLandline(guest.phoneNumber) ? <LandlineNote label={t('guests.card.landline')} /> : null}
              {/* Not invited yet is said once above the list: no line of its own on each card. */}
              {guest.status === 'pending' && guest.attending === null ? null : (
                <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.75 }}>
                  <GuestStatusChip status={guest.status} quietPending />
                  {guest.attending !== null ? (
                    <Typography variant="caption">
                      <Ltr>{attendingText(guest)}</Ltr>
                    </Typography>
                  ) : null}
                  <OpenQuestions guest={guest} />
                </Stack>
              )}
              <Typography variant="caption" component="p" sx={{ mt: 0.75 }}>
                <InvitationViews count={guest.viewedCount} />
              </Typography>
              {guest.messages.length > 0 || guest.optedOut ? (
                <Box sx={{ mt: 0.5 }}>
                  <MessageProgressButton eventId={eventId} guestId={guest.id} guestName={guest.fullName} messages={guest.messages} optedOut={guest.optedOut} />
                </Box>
              ) : null}
            </Box>
            {actions(guest)}
          </Card>
        ))}
        {guests.some((guest) => guest.messages.length > 0) ? <ProgressLegend /> : null}
      </Stack>
    );
  }

  const header = (key: keyof typeof SORTABLE | 'phoneNumber' | 'group' | 'attending' | 'progress', label: string) => {
    const field = SORTABLE[key];
    if (!field) return <TableCell key={key}>{label}</TableCell>;
    const active = sort === field || sort === `-${field}`;
    const direction = sort === `-${field}` ? 'desc' : 'asc';
    return (
      <TableCell key={key} sortDirection={active ? direction : false}>
        <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort((active && direction === 'asc' ? `-${field}` : field) as GuestSort)}>
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <>
    {/* Names and phones never wrap while the table has room (a phone number never wraps at all). */}
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper', '& .guest-name': { fontWeight: 500, whiteSpace: 'nowrap' }, '& .guest-phone': { whiteSpace: 'nowrap' } }}>
      <Table size="small" aria-label={t('guests.list.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              {/* No "indeterminate": MUI marks it with an aria attribute a native checkbox may not carry (axe); the bulk bar shows the count. */}
              <Checkbox
                checked={allChecked}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': t('guests.actions.selectPage') } }}
              />
            </TableCell>
            {header('fullName', t('guests.columns.fullName'))}
            {header('phoneNumber', t('guests.columns.phoneNumber'))}
            {header('countOfInvites', t('guests.columns.countOfInvites'))}
            {header('group', `${t('guests.columns.group')} · ${t('guests.columns.side')}`)}
            {header('status', t('guests.columns.status'))}
            {header('attending', t('guests.columns.attending'))}
            {header('viewedCount', t('guests.columns.viewedCount'))}
            {header('progress', t('guests.columns.progress'))}
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('guests.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {guests.map((guest) => (
            <GuestTableRow
              key={guest.id}
              eventId={eventId}
              guest={guest}
              groupName={guest.groupId ? (groupName.get(guest.groupId) ?? '') : ''}
              sideName={sideNameOf(guest)}
              checked={selected.has(guest.id)}
              labels={labels}
              onToggle={onToggle}
              onDelete={onDelete}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
    {guests.some((guest) => guest.messages.length > 0) ? <ProgressLegend /> : null}
    </>
  );
});
