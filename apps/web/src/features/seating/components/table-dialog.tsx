import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  SEATING_TABLE_CAPACITY_MAX,
  SEATING_TABLE_CAPACITY_MIN,
  SEATING_TABLE_NAME_MAX,
  SEATING_TABLE_NUMBER_MAX,
  SEATING_TABLE_SHAPES,
  type SeatingTable,
  type SeatingTableShape,
} from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { isolateLtr } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { ConfirmDialog } from '../../guests/components/confirm-dialog';
import { useCreateTable, useDeleteTable, useEditTable } from '../api';
import { nextTableNumber, nextTablePosition } from '../plan-model';

interface TableDialogProps {
  eventId: string;
  /** The table being edited; null: a new table. */
  table: SeatingTable | null;
  tables: readonly SeatingTable[];
  onClose: () => void;
}

type FieldErrors = Partial<Record<'number' | 'capacity', string>>;

/** Adds or edits a table (number unique, optional name, 1–30 seats, shape); deletes it after asking. */
export function TableDialog({ eventId, table, tables, onClose }: TableDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [number, setNumber] = useState(String(table?.number ?? nextTableNumber(tables)));
  const [name, setName] = useState(table?.name ?? '');
  const [capacity, setCapacity] = useState(String(table?.capacity ?? 10));
  const [shape, setShape] = useState<SeatingTableShape>(table?.shape ?? 'round');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateTable(eventId);
  const edit = useEditTable(eventId);
  const remove = useDeleteTable(eventId);
  const busy = create.isPending || edit.isPending;
  const numberLabel = table ? isolateLtr(String(table.number)) : '';

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    const n = Number(number);
    const c = Number(capacity);
    if (!Number.isInteger(n) || n < 1 || n > SEATING_TABLE_NUMBER_MAX) next.number = t('seating.tableDialog.numberRange');
    else if (tables.some((x) => x.number === n && x.id !== table?.id)) next.number = t('seating.tableDialog.numberTaken');
    if (!Number.isInteger(c) || c < SEATING_TABLE_CAPACITY_MIN || c > SEATING_TABLE_CAPACITY_MAX) next.capacity = t('seating.tableDialog.capacityRange');
    else if (table && c < table.seated) next.capacity = t('seating.tableDialog.capacityBelowSeated', { seated: isolateLtr(String(table.seated)) });
    return next;
  };

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'VALIDATION' && error.issues.some((d) => d.path === 'number')) setErrors({ number: t('seating.tableDialog.numberTaken') });
    else setFailure(translateError(t, error));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { number: Number(number), name: name.trim(), capacity: Number(capacity), shape };
    if (table) edit.mutate({ tableId: table.id, body }, { onSuccess: onClose, onError });
    else create.mutate({ ...body, ...nextTablePosition(tables) }, { onSuccess: onClose, onError });
  };

  return (
    <>
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{table ? t('seating.tableDialog.editTitle', { number: numberLabel }) : t('seating.tableDialog.addTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {failure ? (
                <Alert severity="error" data-testid="seating-table-error">
                  {failure}
                </Alert>
              ) : null}
              <Stack direction="row" spacing={2}>
                <TextField
                  label={t('seating.tableDialog.number')}
                  value={number}
                  onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))}
                  error={Boolean(errors.number)}
                  helperText={errors.number}
                  slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 3 } }}
                  required
                  fullWidth
                  autoFocus
                />
                <TextField
                  label={t('seating.tableDialog.capacity')}
                  value={capacity}
                  onChange={(e) => setCapacity(e.target.value.replace(/\D/g, ''))}
                  error={Boolean(errors.capacity)}
                  helperText={errors.capacity}
                  slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 2 } }}
                  required
                  fullWidth
                />
              </Stack>
              <TextField
                label={t('seating.tableDialog.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                helperText={t('seating.tableDialog.nameHint')}
                slotProps={{ htmlInput: { maxLength: SEATING_TABLE_NAME_MAX, dir: 'auto' } }}
                fullWidth
              />
              <TextField select label={t('seating.shape.label')} value={shape} onChange={(e) => setShape(e.target.value as SeatingTableShape)} fullWidth>
                {SEATING_TABLE_SHAPES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`seating.shape.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
            {table ? (
              <Button color="error" onClick={() => setConfirmDelete(true)} disabled={busy} sx={{ marginInlineEnd: 'auto', whiteSpace: 'nowrap' }}>
                {t('seating.tableDialog.delete')}
              </Button>
            ) : null}
            <Button onClick={onClose} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
              {t('seating.tableDialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={busy} sx={{ whiteSpace: 'nowrap' }}>
              {t('seating.tableDialog.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {table ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('seating.tableDialog.deleteTitle', { number: numberLabel })}
          confirmLabel={t('seating.tableDialog.deleteConfirm')}
          cancelLabel={t('seating.tableDialog.cancel')}
          destructive
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(table.id, {
              onSuccess: onClose,
              onError: (error) => {
                setConfirmDelete(false);
                setFailure(translateError(t, error));
              },
            })
          }
          onClose={() => setConfirmDelete(false)}
        >
          {t('seating.tableDialog.deleteText')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
