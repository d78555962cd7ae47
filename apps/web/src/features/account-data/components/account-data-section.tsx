import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import type { UserData } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { useHashPopup } from '../../../app/routing/use-hash-popup';
import { showToast } from '../../../components/toast-store';
import { downloadAccountData } from '../api';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Issue 22, on the profile page: a copy of everything, and deleting the account (`#account-delete`). */
export function AccountDataSection({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const deleteDialog = useHashPopup('account-delete');

  const download = () => {
    setDownloading(true);
    downloadAccountData()
      .then(() => showToast('accountData.export.done', 'success'))
      .catch((error: unknown) => {
        // A 429 has already said when to try again.
        if (!(isApiError(error) && error.handledGlobally)) showToast('accountData.export.failed', 'error');
      })
      .finally(() => setDownloading(false));
  };

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-testid="account-data">
      <CardContent>
        <Typography id={titleId} variant="h2" component="h2" gutterBottom>
          {t('accountData.title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr auto 1fr' } }}>
          <Box>
            <Typography variant="h3" component="h3" gutterBottom>
              {t('accountData.export.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('accountData.export.body')}
            </Typography>
            <Button variant="outlined" startIcon={<DownloadIcon />} loading={downloading} loadingPosition="start" onClick={download} data-testid="account-export">
              {t('accountData.export.action')}
            </Button>
          </Box>
          <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', md: 'block' } }} />
          <Divider sx={{ display: { xs: 'block', md: 'none' } }} />
          <Box>
            <Typography variant="h3" component="h3" gutterBottom>
              {t('accountData.delete.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('accountData.delete.body')}
            </Typography>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => deleteDialog.show()} data-testid="account-delete">
              {t('accountData.delete.action')}
            </Button>
          </Box>
        </Box>
      </CardContent>
      <DeleteAccountDialog open={deleteDialog.open} onClose={deleteDialog.close} user={user} />
    </Card>
  );
}
