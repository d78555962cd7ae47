import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { GROUP_NAME_MAX_LENGTH, MAX_GROUPS_PER_EVENT, type GroupDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { useEvent } from '../../events/use-event';
import { useCreateGroup, useDeleteGroup, useGroups, useRenameGroup } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';

const errorText = (t: (key: string) => string, error: unknown) => (isApiError(error) ? t(`errors.${error.code}`) : null);

function GroupRow({ eventId, group, onDelete }: { eventId: string; group: GroupDto; onDelete: (group: GroupDto) => void }) {
  const { t } = useTranslation();
  const rename = useRenameGroup(eventId);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(group.name);
  const save = () =>
    rename.mutate({ groupId: group.id, name }, { onSuccess: () => setEditing(false) });
  return (
    <ListItem
      divider
      data-testid="group-row"
      secondaryAction={
        editing ? null : (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title={t('guests.groups.rename')}>
              <IconButton aria-label={`${t('guests.groups.rename')}: ${group.name}`} onClick={() => setEditing(true)}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('guests.actions.delete')}>
              <IconButton aria-label={`${t('guests.actions.delete')}: ${group.name}`} onClick={() => onDelete(group)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        )
      }
    >
      {editing ? (
        <Box component="form" onSubmit={(e) => (e.preventDefault(), save())} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', width: '100%' }}>
          <TextField
            size="small"
            value={name}
            onChange={(e) => setName(e.target.value)}
            label={t('guests.groups.name')}
            autoFocus
            error={rename.isError}
            helperText={errorText(t, rename.error) ?? ' '}
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX_LENGTH } }}
            sx={{ flex: 1 }}
          />
          <IconButton type="submit" aria-label={t('guests.actions.save')} disabled={rename.isPending}>
            <CheckIcon />
          </IconButton>
          <IconButton
            aria-label={t('guests.actions.cancel')}
            onClick={() => {
              setEditing(false);
              setName(group.name);
              rename.reset();
            }}
          >
            <CloseIcon />
          </IconButton>
        </Box>
      ) : (
        <ListItemText primary={group.name} secondary={t('guests.groups.guestCount', { count: group.guestCount })} />
      )}
    </ListItem>
  );
}

/** Up to ten groups per event ("family", "work"...), named uniquely; deleting one keeps its guests, ungrouped. */
export function GuestGroupsPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const groups = useGroups(event.id);
  const create = useCreateGroup(event.id);
  const remove = useDeleteGroup(event.id);
  const [name, setName] = useState('');
  const [toDelete, setToDelete] = useState<GroupDto | null>(null);
  const list = groups.data ?? [];
  const full = list.length >= MAX_GROUPS_PER_EVENT;

  const add = () =>
    create.mutate(name, {
      onSuccess: () => setName(''),
    });
  const confirmDelete = (group: GroupDto) => {
    if (group.guestCount === 0) remove.mutate(group.id, { onSuccess: () => showToast('guests.groups.deleted', 'success') });
    else setToDelete(group);
  };

  return (
    <>
      <PageHeading>{t('guests.groups.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('guests.groups.subtitle', { max: MAX_GROUPS_PER_EVENT })}
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <Box component="form" onSubmit={(e) => (e.preventDefault(), add())} sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }} noValidate>
          <TextField
            size="small"
            label={t('guests.groups.newName')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              create.reset();
            }}
            disabled={full}
            error={create.isError}
            helperText={errorText(t, create.error) ?? (full ? t('errors.MAX_GROUPS_REACHED') : ' ')}
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX_LENGTH, 'data-testid': 'group-name' } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={full || !name.trim()} loading={create.isPending} sx={{ minHeight: 40 }}>
            {t('guests.groups.add')}
          </Button>
        </Box>
        {groups.isError ? <Alert severity="error">{t('errors.INTERNAL')}</Alert> : null}
        <List disablePadding aria-label={t('guests.groups.title')}>
          {list.map((group) => (
            <GroupRow key={group.id} eventId={event.id} group={group} onDelete={confirmDelete} />
          ))}
        </List>
        {list.length === 0 && groups.data ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('guests.groups.empty')}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
          <Ltr>
            {list.length}/{MAX_GROUPS_PER_EVENT}
          </Ltr>
        </Typography>
      </Card>
      <FormErrorAlert error={remove.error} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('guests.groups.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('guests.actions.delete')}
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              showToast('guests.groups.deleted', 'success');
              setToDelete(null);
            },
            onError: () => setToDelete(null),
          })
        }
      >
        {t('guests.groups.deleteBody', { count: toDelete?.guestCount ?? 0 })}
      </ConfirmDialog>
    </>
  );
}
