import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContactsIcon from '@mui/icons-material/ContactsOutlined';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { GUEST_LIST_DEFAULT_PAGE_SIZE, GUEST_SORTS, type GuestDto, type GuestListQuery, type GuestSort, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { isApiError } from '../../../app/api-error';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { useConfig } from '../../config/api';
import { useEvent } from '../../events/use-event';
import { PublicAnswersCard } from '../../invitations/components/public-answers-card';
import { PublicLinkCard } from '../../invitations/components/public-link-card';
import { downloadGuestExport, useBulkGuests, useDeleteGuest, useGoogleContacts, useGroups, useGuestList, useSideLabels } from '../api';
import { BulkActionsBar } from '../components/bulk-actions-bar';
import { useHashPopup } from '../../../app/routing/use-hash-popup';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ContactsDialog } from '../components/contacts-dialog';
import { googleErrorKey } from '../google-error-key';
import { GuestTable } from '../components/guest-table';
import { ImportGuestsDialog } from '../components/import-guests-dialog';
import { NotInvitedNote, waitsForPackage } from '../components/not-invited-note';
import { SendingStoppedNotice } from '../../messaging/components/sending-stopped-notice';
import { useMessageFunnel } from '../../messaging/api';
import { PasteGuestsDialog } from '../components/paste-guests-dialog';
import { QuickAddRow } from '../components/quick-add-row';
import { StatusFilter, type ListFilter } from '../components/status-filter';
import { hasContactPicker, pickPhoneContacts, requestGoogleContactsToken, type PickedContact } from '../contact-sources';
import { useDebouncedValue } from '../use-debounced-value';
import { sideFilterOf, sideOptions, withChildrenOf } from '../guest-sides';
import { UserText } from '../../../design/bidi';
import { paginationActionSlots } from '../../../design/direction-icons';

const PAGE_SIZES = [25, 50, 100, 200];

/** The list's filters live in the address, so a reload or a shared link shows the same view. */
const useListParams = () => {
  const [params, setParams] = useSearchParams();
  const filter = (params.get('status') ?? 'all') as ListFilter;
  const sortParam = params.get('sort');
  const sort: GuestSort = (GUEST_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as GuestSort) : '-createdAt';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : GUEST_LIST_DEFAULT_PAGE_SIZE;
  const groupId = params.get('groupId') ?? '';
  const side = sideFilterOf(params.get('side'));
  const withChildren = withChildrenOf(params.get('withChildren'));
  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = true) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'status' && value === 'all')) next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filter, sort, page, pageSize, groupId, side, withChildren, q: params.get('q') ?? '', update };
};

export function GuestListPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const compact = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const { filter, sort, page, pageSize, groupId, side, withChildren, q, update } = useListParams();
  const [search, setSearch] = useState(q);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debouncedSearch !== q.trim()) update({ q: debouncedSearch || null });
    // only the typed text drives this; the address follows it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const query: GuestListQuery = useMemo(
    () => ({
      page,
      pageSize,
      sort,
      ...(filter === 'viewed' ? { viewed: 'true' as const } : filter !== 'all' ? { status: filter } : {}),
      ...(groupId ? { groupId } : {}),
      ...(side ? { side } : {}),
      ...(withChildren ? { withChildren } : {}),
      ...(q.trim() ? { q: q.trim() } : {}),
    }),
    [page, pageSize, sort, filter, groupId, side, withChildren, q],
  );
  const list = useGuestList(event.id, query);
  const groupsQuery = useGroups(event.id);
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const sideLabels = useSideLabels(event.id).data;
  const sides = useMemo(() => sideOptions(sideLabels, currentLanguage()), [sideLabels]);
  const { data: config } = useConfig();
  const deleteGuest = useDeleteGuest(event.id);
  const bulk = useBulkGuests(event.id);
  const googleContacts = useGoogleContacts();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [contacts, setContacts] = useState<PickedContact[] | null>(null);
  /** The phone's "add guests" panel: null until the host opens or closes it. */
  const [addPanel, setAddPanel] = useState<boolean | null>(null);
  const addPanelId = useId();
  // Popups on the URL hash (app/routing/use-hash-popup.ts): back closes them, a reload or shared link opens them.
  const paste = useHashPopup('paste');
  const importDialog = useHashPopup('import');
  const contactsDialog = useHashPopup('contacts');
  const guestDelete = useHashPopup('guest-delete');
  const bulkDeleteDialog = useHashPopup('guests-delete');

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const counts = list.data?.counts ?? {};
  const stopped = useMessageFunnel(event.id, event.progressStatus === 0).data?.stopped === true;
  const total = list.data?.total ?? 0;
  const everyone = counts.all ?? 0;
  // `#guest-delete/<id>` names a guest of the page shown; another page's guest (an old link) opens nothing.
  const toDelete = guestDelete.param ? (items.find((guest) => guest.id === guestDelete.param) ?? null) : null;
  const bulkDelete = bulkDeleteDialog.open && selected.size > 0;

  const toggle = useCallback((guestId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(guestId)) next.delete(guestId);
      else next.add(guestId);
      return next;
    });
  }, []);
  const toggleAll = useCallback((checked: boolean) => setSelected(checked ? new Set(items.map((guest) => guest.id)) : new Set()), [items]);
  const changeView = (changes: Record<string, string | number | null>, resetPage = true) => {
    setSelected(new Set());
    update(changes, resetPage);
  };

  const onBulkError = (error: unknown) => {
    if (isApiError(error) && !error.handledGlobally) showToast(`errors.${error.code}`, 'error');
  };
  const runBulk = (body: Parameters<typeof bulk.mutate>[0], doneKey: string) =>
    bulk.mutate(body, {
      onSuccess: ({ affected }) => {
        showToast(doneKey, 'success', { count: affected });
        setSelected(new Set());
        bulkDeleteDialog.close();
      },
      onError: (error) => {
        bulkDeleteDialog.close();
        onBulkError(error);
      },
    });

  const openGoogleContacts = async () => {
    setContacts(null);
    googleContacts.reset();
    contactsDialog.show();
    try {
      const token = config?.googleContacts === 'google' && config.googleClientId ? await requestGoogleContactsToken(config.googleClientId) : 'sandbox-dev';
      const { contacts: found } = await googleContacts.mutateAsync(token);
      setContacts(found);
    } catch (error) {
      if (!isApiError(error)) googleContacts.reset();
      setContacts([]);
      showToast(googleErrorKey(error), 'error');
    }
  };
  const openPhoneContacts = async () => {
    try {
      const picked = await pickPhoneContacts();
      if (picked.length === 0) return;
      setContacts(picked);
      contactsDialog.show();
    } catch {
      // the host closed the picker
    }
  };

  const showGuestDelete = guestDelete.show;
  const onDelete = useCallback((guest: GuestDto) => showGuestDelete(guest.id), [showGuestDelete]);

  const importButtons = (
    <>
      <Button variant="outlined" startIcon={<ContentPasteIcon />} onClick={() => paste.show()} data-testid="open-paste">
        {t('guests.actions.paste')}
      </Button>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => importDialog.show()} data-testid="open-import">
        {t('guests.actions.import')}
      </Button>
      {hasContactPicker() ? (
        <Button variant="outlined" startIcon={<ContactsIcon />} onClick={() => void openPhoneContacts()}>
          {t('guests.actions.phoneContacts')}
        </Button>
      ) : null}
      {config?.googleContacts ? (
        <Button variant="outlined" startIcon={<ContactsIcon />} onClick={() => void openGoogleContacts()} data-testid="open-google-contacts">
          {t('guests.actions.googleContacts')}
        </Button>
      ) : null}
    </>
  );
  const exportButton = (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={everyone === 0}
      onClick={() => void downloadGuestExport(event.id, currentLanguage() as Lang).catch(onBulkError)}
      data-testid="export"
    >
      {t('guests.actions.export')}
    </Button>
  );
  const quickAdd = (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ mb: 2, fontSize: '1.05rem' }}>
          {t('guests.quickAdd.title')}
        </Typography>
        <QuickAddRow eventId={event.id} groups={groups} />
      </CardContent>
    </Card>
  );
  // The list comes first: the public link's settings follow it (new guests waiting for approval stay above,
  // they need the host). On a phone adding guests (quick add, paste, import, contacts) is one tap away, open
  // by itself while the list is empty.
  const addOpen = !compact || (addPanel ?? (list.data !== undefined && everyone === 0));

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" alignItems={{ md: 'center' }} spacing={2} sx={{ mb: 3 }}>
        <Box>
          <PageHeading>{t('guests.list.title')}</PageHeading>
          <Typography color="text.secondary">{t('guests.list.subtitle', { guests: everyone.toLocaleString(), people: (event.inviteeCount ?? 0).toLocaleString() })}</Typography>
        </Box>
        {compact ? (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Button
              variant={addOpen ? 'outlined' : 'contained'}
              startIcon={<PersonAddIcon />}
              onClick={() => setAddPanel(!addOpen)}
              aria-expanded={addOpen}
              aria-controls={addPanelId}
              data-testid="open-add-guests"
            >
              {t('guests.actions.addGuests')}
            </Button>
            {exportButton}
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {importButtons}
            {exportButton}
          </Stack>
        )}
      </Stack>

      {compact ? (
        <Collapse in={addOpen} id={addPanelId} unmountOnExit>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            {importButtons}
          </Stack>
          {quickAdd}
        </Collapse>
      ) : (
        quickAdd
      )}

      <PublicAnswersCard eventId={event.id} place="newGuests" />

      <SendingStoppedNotice eventId={event.id} enabled={event.progressStatus === 0} />
      {list.data && !stopped && waitsForPackage(event.progressStatus, counts.pending) ? <NotInvitedNote sx={{ mb: 3 }} /> : null}

      {list.isError ? <Alert severity="error">{t('errors.INTERNAL')}</Alert> : null}

      {list.data && everyone === 0 ? (
        <EmptyState illustration={<InvitationIllustration />} title={t('guests.empty.title')} data-testid="guests-empty">
          {t('guests.empty.hint')}
        </EmptyState>
      ) : null}

      {everyone > 0 ? (
        <>
          <StatusFilter counts={counts} value={filter} onChange={(value) => changeView({ status: value })} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
            <TextField
              type="search"
              size="small"
              label={t('guests.filters.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ flex: 1, maxWidth: { sm: 360 } }}
              slotProps={{ htmlInput: { 'data-testid': 'guest-search' } }}
            />
            <TextField
              select
              size="small"
              label={t('guests.filters.group')}
              value={groupId}
              onChange={(e) => changeView({ groupId: e.target.value || null })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('guests.filters.allGroups')}</MenuItem>
              <MenuItem value="none">{t('guests.groups.none')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  <UserText>{group.name}</UserText>
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('guests.filters.side')}
              value={side}
              onChange={(e) => changeView({ side: e.target.value || null })}
              sx={{ minWidth: 160 }}
              data-testid="side-filter"
            >
              <MenuItem value="">{t('guests.filters.allSides')}</MenuItem>
              {sides.map((option) => (
                <MenuItem key={option.value} value={option.value} data-testid={`side-filter-${option.value}`}>
                  <UserText>{option.label}</UserText>
                </MenuItem>
              ))}
              <MenuItem value="none" data-testid="side-filter-none">
                {t('guests.sides.none')}
              </MenuItem>
            </TextField>
            {event.householdSplit === 'adultsChildren' ? (
              <Chip
                clickable
                sx={{ alignSelf: { sm: 'center' } }}
                color={withChildren === 'true' ? 'primary' : 'default'}
                variant={withChildren === 'true' ? 'filled' : 'outlined'}
                aria-pressed={withChildren === 'true'}
                onClick={() => changeView({ withChildren: withChildren === 'true' ? null : 'true' })}
                label={t('guests.filters.withChildren')}
                data-testid="filter-with-children"
              />
            ) : null}
          </Stack>
          {selected.size > 0 ? (
            <BulkActionsBar
              count={selected.size}
              groups={groups}
              langs={event.langs}
              busy={bulk.isPending}
              onMove={(target) => runBulk({ guestIds: [...selected], action: 'moveToGroup', groupId: target }, 'guests.bulk.moved')}
              onSetLang={(lang) => runBulk({ guestIds: [...selected], action: 'setLang', lang }, 'guests.bulk.langSet')}
              onDelete={() => bulkDeleteDialog.show()}
              onClear={() => setSelected(new Set())}
            />
          ) : null}
          {total === 0 && list.data ? (
            <Alert severity="info" data-testid="no-matches">
              {t('guests.list.noMatches')}
            </Alert>
          ) : (
            <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={list.isFetching}>
              <GuestTable
                eventId={event.id}
                guests={items}
                groups={groups}
                sideLabels={sideLabels}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
                onDelete={onDelete}
                sort={sort}
                onSort={(next) => changeView({ sort: next })}
                compact={compact}
              />
            </Box>
          )}
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
            onPageChange={(_e, next) => changeView({ page: next + 1 }, false)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(e) => changeView({ pageSize: Number(e.target.value) })}
            labelRowsPerPage={t('guests.list.perPage')}
            labelDisplayedRows={({ from, to, count }) => t('guests.list.range', { from, to, count })}
            getItemAriaLabel={(type) => t(`guests.list.pageNav.${type}`)}
            slots={paginationActionSlots}
          />
        </>
      ) : null}

      <Box sx={{ mt: 3 }}>
        <PublicLinkCard event={event} />
      </Box>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('guests.delete.title')}
        confirmLabel={t('guests.actions.delete')}
        destructive
        busy={deleteGuest.isPending}
        onClose={guestDelete.close}
        onConfirm={() =>
          toDelete &&
          deleteGuest.mutate(toDelete.id, {
            onSuccess: () => {
              showToast('guests.delete.done', 'success');
              guestDelete.close();
            },
            onError: (error) => {
              guestDelete.close();
              onBulkError(error);
            },
          })
        }
      >
        {t('guests.delete.body', { name: toDelete?.fullName ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        open={bulkDelete}
        title={t('guests.bulk.deleteTitle')}
        confirmLabel={t('guests.actions.delete')}
        destructive
        busy={bulk.isPending}
        onClose={bulkDeleteDialog.close}
        onConfirm={() => runBulk({ guestIds: [...selected], action: 'delete' }, 'guests.bulk.deleted')}
      >
        {t('guests.bulk.deleteBody', { count: selected.size })}
      </ConfirmDialog>

      <PasteGuestsDialog eventId={event.id} open={paste.open} onClose={paste.close} />
      <ImportGuestsDialog eventId={event.id} open={importDialog.open} onClose={importDialog.close} />
      <ContactsDialog eventId={event.id} contacts={contacts} loadError={googleContacts.error} open={contactsDialog.open && (contacts !== null || googleContacts.isPending)} onClose={contactsDialog.close} />
    </>
  );
}
