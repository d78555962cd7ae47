import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type Lang } from '@magiim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { currentLanguage } from '../../../app/i18n';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { downloadGiftLedger, useGiftLedger } from '../api';
import { CameWithoutGift } from '../components/came-without-gift';
import { GiftEntryList } from '../components/gift-entry-list';
import { GiftTotalsCard } from '../components/gift-totals-card';
import type { GuestOption } from '../components/guest-search-field';
import { ImportGiftsDialog } from '../components/import-gifts-dialog';
import { QuickEntryCard } from '../components/quick-entry-card';

/**
 * `/event/:id/gifts-ledger` (issue 32): the gifts the couple received, typed by a host (quick entry on a phone),
 * imported from a sheet or added by the gift link; totals by method and by side; who came and gave nothing
 * recorded; the ledger as Excel in any language. Private: the owner and co-hosts only (a stranger gets not found).
 */
export function GiftLedgerPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const event = useEvent();
  const query = useGiftLedger(event.id);
  const [preset, setPreset] = useState<{ guest: GuestOption; nonce: number } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const ledger = query.data;

  const onExport = (fileLang: Lang) => {
    setExportAnchor(null);
    setExportError(null);
    downloadGiftLedger(event.id, fileLang)
      .then(() => showToast('giftLedger.exported', 'success'))
      .catch((error: unknown) => {
        if (!(isApiError(error) && error.handledGlobally)) setExportError(translateError(t, error));
      });
  };

  const record = (guest: GuestOption) => {
    setPreset((current) => ({ guest, nonce: (current?.nonce ?? 0) + 1 }));
    document.getElementById('gift-entry-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHeading>{t('giftLedger.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {t('giftLedger.intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="gift-private">
        <LockIcon fontSize="small" aria-hidden />
        {t('giftLedger.private')}
      </Typography>

      {!ledger ? (
        query.error ? (
          <Alert
            severity="error"
            data-testid="gift-load-error"
            action={
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('giftLedger.retry')}
              </Button>
            }
          >
            {translateError(t, query.error)}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('giftLedger.title')} />
          </Box>
        )
      ) : (
        <Box data-testid="gift-ledger-ready">
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} data-testid="gift-import">
              {t('giftLedger.importButton')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={(e) => setExportAnchor(e.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={exportAnchor ? 'true' : undefined}
              disabled={ledger.entries.length === 0}
              data-testid="gift-export"
            >
              {t('giftLedger.export')}
            </Button>
            <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
              {LANGUAGES.map((option) => (
                <MenuItem key={option} onClick={() => onExport(option)} data-testid={`gift-export-${option}`}>
                  {t(`giftLedger.exportIn.${option}`)}
                </MenuItem>
              ))}
            </Menu>
          </Stack>
          {exportError ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="gift-export-error">
              {exportError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 3, alignItems: 'start' }}>
            <Stack spacing={3} sx={{ minWidth: 0 }}>
              <QuickEntryCard eventId={event.id} sideLabels={ledger.sideLabels} lang={lang} preset={preset} />
              <GiftTotalsCard ledger={ledger} lang={lang} />
            </Stack>
            <Stack spacing={3} sx={{ minWidth: 0 }}>
              <GiftEntryList eventId={event.id} ledger={ledger} lang={lang} />
              <CameWithoutGift ledger={ledger} lang={lang} onRecord={record} />
            </Stack>
          </Box>
          <ImportGiftsDialog eventId={event.id} lang={lang} open={importing} onClose={() => setImporting(false)} />
        </Box>
      )}
    </>
  );
}
