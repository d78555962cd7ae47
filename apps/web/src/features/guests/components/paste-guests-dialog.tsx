import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { useGuestRows } from '../api';
import { parsePastedRows } from '../parse-pasted-rows';
import { ImportReport } from './import-report';
import { PastedRowsReview } from './pasted-rows-review';

/**
 * Rows copied from Excel or Google Sheets, pasted as they are: checked first (a table of the rows as they
 * will be added, every bad row with its reason), then the good rows are added in one go.
 */
export function PasteGuestsDialog({ eventId, open, onClose }: { eventId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const rows = useGuestRows(eventId);
  const block = useMemo(() => parsePastedRows(text), [text]);

  const close = () => {
    setText('');
    setPreview(null);
    rows.reset();
    onClose();
  };
  const check = () => rows.mutate({ rows: block.rows, commit: false }, { onSuccess: setPreview });
  const add = () =>
    rows.mutate(
      { rows: block.rows, commit: true },
      {
        onSuccess: (result) => {
          showToast('guests.import.imported', 'success', { count: result.imported });
          close();
        },
      },
    );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('guests.paste.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('guests.paste.hint')}
        </Typography>
        <TextField
          label={t('guests.paste.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPreview(null);
          }}
          multiline
          minRows={6}
          maxRows={14}
          fullWidth
          // Each pasted row reads in its own direction (an Arabic row right to left, a Latin one left to right).
          slotProps={{ htmlInput: { 'data-testid': 'paste-box', spellCheck: false, dir: text ? 'auto' : undefined, style: { unicodeBidi: 'plaintext' } } }}
          helperText={block.rows.length > 0 ? t('guests.paste.found', { count: block.rows.length }) : ' '}
        />
        <FormErrorAlert error={rows.error} />
        {preview ? (
          <>
            <ImportReport result={preview} summaryOnly />
            <PastedRowsReview rows={block.rows} lines={block.lines} errors={preview.errors} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('guests.actions.cancel')}</Button>
        {preview && preview.valid > 0 ? (
          <Button variant="contained" onClick={add} loading={rows.isPending} data-testid="paste-add">
            {t('guests.import.addValid', { count: preview.valid })}
          </Button>
        ) : (
          <Button variant="contained" onClick={check} disabled={block.rows.length === 0} loading={rows.isPending} data-testid="paste-check">
            {t('guests.import.check')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
