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
import { GUEST_IMPORT_MAX_BYTES, GUEST_IMPORT_MAX_ROWS, type ImportResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { downloadImportTemplate, useGuestFileImport } from '../api';
import { ImportReport } from './import-report';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An Excel file in three steps: pick it (a template in the host's language is one click away), see every bad
 * row with its reason while nothing is written, then add the good rows. Upload progress shows for big files.
 */
export function ImportGuestsDialog({ eventId, open, onClose }: { eventId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importFile = useGuestFileImport(eventId);

  const close = () => {
    setFile(null);
    setPreview(null);
    setProgress(null);
    importFile.reset();
    onClose();
  };

  const run = (chosen: File, commit: boolean) => {
    setProgress(0);
    importFile.mutate(
      { file: chosen, commit, onProgress: setProgress },
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
    importFile.reset();
    run(chosen, false);
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
            {t('guests.import.limits', { mb: GUEST_IMPORT_MAX_BYTES / 1024 / 1024 })}
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
        {preview ? <ImportReport result={preview} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('guests.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || !preview || preview.valid === 0}
          loading={importFile.isPending && preview !== null}
          onClick={() => file && run(file, true)}
          data-testid="import-add"
        >
          {preview ? t('guests.import.addValid', { count: preview.valid }) : t('guests.import.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
