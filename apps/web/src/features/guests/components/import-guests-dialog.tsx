import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { GUEST_IMPORT_MAX_BYTES, GUEST_IMPORT_MAX_ROWS, type GuestImportColumn, type ImportMapping, type ImportResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { formatFileSize } from '../../../i18n/format-file-size';
import { downloadImportTemplate, useGuestFileImport } from '../api';
import { ColumnMapping, fieldsOf, mappingIsComplete, withColumnField, withTitleRow } from './column-mapping';
import { ImportReport } from './import-report';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An Excel file in three steps: pick it (a template in the host's language is one click away), see how each
 * column was read (and change it) and every bad row with its reason while nothing is written, then add the
 * good rows. The file is sent again with each changed reading, so the server keeps nothing between the steps.
 * Upload progress shows for big files.
 */
export function ImportGuestsDialog({ eventId, open, onClose }: { eventId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  /** The host's own reading of the columns; null while the titles decide. */
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importFile = useGuestFileImport(eventId);

  const close = () => {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setProgress(null);
    importFile.reset();
    onClose();
  };

  const run = (chosen: File, commit: boolean, reading: ImportMapping | null) => {
    setProgress(0);
    importFile.mutate(
      { file: chosen, commit, mapping: reading, onProgress: setProgress },
      {
        onSuccess: (result) => {
          if (commit) {
            showToast('guests.import.imported', 'success', { count: result.imported });
            close();
          } else setPreview(result);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    importFile.reset();
    run(chosen, false, null);
  };

  const sheet = preview?.sheet;
  const complete = sheet ? mappingIsComplete(fieldsOf(sheet, mapping)) : true;
  const changeColumn = (column: number, field: GuestImportColumn | null) => {
    if (!sheet || !file) return;
    rethink(withColumnField(sheet, mapping, column, field));
  };
  const changeTitleRow = (titleRow: number | null) => {
    if (sheet) rethink(withTitleRow(sheet, mapping, titleRow));
  };
  /** The host's new reading, checked again by the server once it names the name and the phone. */
  const rethink = (next: ImportMapping) => {
    if (!sheet || !file) return;
    setMapping(next);
    importFile.reset();
    if (mappingIsComplete(fieldsOf(sheet, next))) run(file, false, next);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('guests.import.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{t('guests.import.hint', { max: GUEST_IMPORT_MAX_ROWS.toLocaleString() })}</Typography>
        <Link component="button" type="button" onClick={() => void downloadImportTemplate(currentLanguage())} sx={{ mt: 1 }} data-testid="download-template">
          {t('guests.import.template')}
        </Link>
        <Box
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            choose(event.dataTransfer.files[0]);
          }}
          sx={{ mt: 2, mb: 2, p: 3, border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3, textAlign: 'center', bgcolor: 'background.default' }}
        >
          <UploadFileIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ mb: 1 }}>{file ? <Ltr>{file.name}</Ltr> : t('guests.import.drop')}</Typography>
          <Button variant="outlined" onClick={() => inputRef.current?.click()}>
            {t('guests.import.choose')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={`.xlsx,${XLSX_TYPE}`}
            data-testid="import-file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 1 }}>
            {t('guests.import.limits', { size: formatFileSize(GUEST_IMPORT_MAX_BYTES, currentLanguage()) })}
          </Typography>
        </Box>
        {progress !== null ? (
          <Box sx={{ mb: 2 }}>
            <LinearProgress variant={progress < 1 ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label={t('guests.import.uploading')} />
            <Typography variant="caption" color="text.secondary">
              {progress < 1 ? t('guests.import.uploading') : t('guests.import.checking')}
            </Typography>
          </Box>
        ) : null}
        <FormErrorAlert error={importFile.error} />
        {sheet ? <ColumnMapping sheet={sheet} mapping={mapping} onChange={changeColumn} onTitleRowChange={changeTitleRow} disabled={importFile.isPending} /> : null}
        {preview && complete ? <ImportReport result={preview} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('guests.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || !preview || preview.valid === 0 || !complete || importFile.isPending}
          loading={importFile.isPending && preview !== null}
          onClick={() => file && run(file, true, mapping)}
          data-testid="import-add"
        >
          {preview ? t('guests.import.addValid', { count: preview.valid }) : t('guests.import.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
