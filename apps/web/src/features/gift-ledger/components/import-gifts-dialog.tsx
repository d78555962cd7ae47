import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { GIFT_IMPORT_MAX_BYTES, GIFT_IMPORT_MAX_ROWS, type GiftImportResult, type Lang } from '@magiim/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { Ltr, UserText } from '../../../design/bidi';
import { formatFileSize } from '../../../i18n/format-file-size';
import { formatNumber } from '../../billing/format-money';
import { useGiftImport } from '../api';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_SHOWN = 300;

/**
 * Gifts from an Excel sheet (name or phone, amount in shekels, method, note, titled in any of the four languages):
 * the file is checked first (nothing written; every bad row with its column and reason), then the good rows are added.
 */
export function ImportGiftsDialog({ eventId, lang, open, onClose }: { eventId: string; lang: Lang; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<GiftImportResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importFile = useGiftImport(eventId);

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
            showToast('giftLedger.import.added', 'success', { count: result.added });
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

  const badRows = preview ? new Set(preview.errors.map((e) => e.row)).size : 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('giftLedger.import.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{t('giftLedger.import.hint', { max: formatNumber(GIFT_IMPORT_MAX_ROWS, lang) })}</Typography>
        <Box
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            choose(event.dataTransfer.files[0]);
          }}
          sx={{ mt: 2, mb: 2, p: 3, border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3, textAlign: 'center', bgcolor: 'background.default' }}
        >
          <UploadFileIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ mb: 1 }}>{file ? <Ltr>{file.name}</Ltr> : t('giftLedger.import.drop')}</Typography>
          <Button variant="outlined" onClick={() => inputRef.current?.click()} data-testid="gift-import-choose">
            {t('giftLedger.import.choose')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={`.xlsx,${XLSX_TYPE}`}
            data-testid="gift-import-file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 1 }}>
            {t('giftLedger.import.limits', { size: formatFileSize(GIFT_IMPORT_MAX_BYTES, lang) })}
          </Typography>
        </Box>
        {progress !== null ? (
          <Box sx={{ mb: 2 }}>
            <LinearProgress variant={progress < 1 ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label={t('giftLedger.import.checking')} />
            <Typography variant="caption" color="text.secondary">
              {t('giftLedger.import.checking')}
            </Typography>
          </Box>
        ) : null}
        <FormErrorAlert error={importFile.error} />
        {preview ? (
          <Box data-testid="gift-import-report">
            <Alert severity={badRows === 0 ? 'success' : preview.added === 0 ? 'error' : 'warning'} sx={{ mb: 2 }}>
              {t('giftLedger.import.summary', { count: preview.added, total: preview.total })}
              {badRows > 0 ? ` ${t('giftLedger.import.badRows', { count: badRows })}` : ''}
            </Alert>
            {preview.errors.length > 0 ? (
              <TableContainer
                tabIndex={0}
                role="region"
                aria-label={t('giftLedger.import.errorsTable')}
                sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 2, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Table size="small" stickyHeader aria-label={t('giftLedger.import.errorsTable')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('giftLedger.import.row')}</TableCell>
                      <TableCell>{t('giftLedger.import.column')}</TableCell>
                      <TableCell>{t('giftLedger.import.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.errors.slice(0, MAX_SHOWN).map((error) => (
                      <TableRow key={`${error.row}-${error.column}-${error.code}`} data-testid="gift-import-error">
                        <TableCell>
                          <Ltr>{error.row}</Ltr>
                        </TableCell>
                        <TableCell>
                          {t(`giftLedger.columns.${error.column}`)}
                          {error.value ? (
                            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                              <UserText>{error.value}</UserText>
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell>{t(`giftLedger.importErrors.${error.code}`)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
            {preview.errors.length > MAX_SHOWN ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('giftLedger.import.moreErrors', { count: preview.errors.length - MAX_SHOWN })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('giftLedger.import.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || !preview || preview.added === 0 || importFile.isPending}
          loading={importFile.isPending && preview !== null}
          onClick={() => file && run(file, true)}
          data-testid="gift-import-add"
        >
          {preview ? t('giftLedger.import.addCount', { count: preview.added }) : t('giftLedger.import.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
