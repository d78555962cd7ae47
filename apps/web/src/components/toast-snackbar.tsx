import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToast } from './toast-store';

/** The toast itself (MUI Snackbar and Alert), loaded the first time a toast shows (components/toast-host.tsx). */
export function ToastSnackbar() {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Snackbar
      key={toast?.id}
      open={toast !== null}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissToast();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="toast"
        severity={toast?.severity ?? 'info'}
        variant="filled"
        onClose={dismissToast}
        closeText={t('common.close')}
      >
        {toast ? t(toast.messageKey, toast.params) : null}
      </Alert>
    </Snackbar>
  );
}
