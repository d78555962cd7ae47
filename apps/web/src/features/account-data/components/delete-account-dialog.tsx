import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { UserData } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { endSession } from '../../../app/auth-session';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { Ltr, UserText } from '../../../design/bidi';
import { formatEventDate } from '../../events/format-event';
import { activeEventsOf, useDeleteAccount } from '../api';
import { leaveLoginNotice } from '../login-notice';

interface Values {
  password: string;
  confirmEmail: string;
}
const EMPTY: Values = { password: '', confirmEmail: '' };

/**
 * Asks for the password (or, for an account that signs in with Google only, the e-mail) and says what goes and
 * what stays. A paid event not over yet keeps the account: the refusal names the events. On success the session
 * ends and the sign-in page says the account was deleted.
 */
export function DeleteAccountDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: UserData }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const { control, handleSubmit, setError, reset } = useForm<Values>({ defaultValues: EMPTY });
  const field = user.hasPassword ? 'password' : 'confirmEmail';
  const activeEvents = activeEventsOf(deleteAccount.error);

  const close = () => {
    deleteAccount.reset();
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const value = values[field].trim();
    if (!value) {
      setError(field, { type: 'required', message: 'validation.required' }, { shouldFocus: true });
      return;
    }
    deleteAccount.mutate(user.hasPassword ? { password: values.password } : { confirmEmail: value }, {
      onSuccess: () => {
        leaveLoginNotice('auth.login.accountDeleted');
        endSession();
        void navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.code === 'WRONG_CURRENT_PASSWORD') {
          setError('password', { type: 'server', message: 'accountData.delete.wrongPassword' }, { shouldFocus: true });
        } else if (error.code === 'VALIDATION' && field === 'confirmEmail') {
          setError('confirmEmail', { type: 'server', message: 'accountData.delete.wrongEmail' }, { shouldFocus: true });
        }
      },
    });
  });

  const fieldError = isApiError(deleteAccount.error) && ['WRONG_CURRENT_PASSWORD', 'VALIDATION', 'ACCOUNT_HAS_ACTIVE_EVENT'].includes(deleteAccount.error.code);
  const shownError = deleteAccount.error && !fieldError && !(isApiError(deleteAccount.error) && deleteAccount.error.handledGlobally) ? deleteAccount.error : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-body"
      data-testid="delete-account-dialog"
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="delete-account-title">{t('accountData.delete.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Box id="delete-account-body">
            <Typography variant="h3" component="h3" sx={{ mt: 0.5 }}>
              {t('accountData.delete.goesTitle')}
            </Typography>
            <Typography component="p" variant="body2" sx={{ mb: 1.5 }}>
              {t('accountData.delete.goes')}
            </Typography>
            <Typography variant="h3" component="h3">
              {t('accountData.delete.staysTitle')}
            </Typography>
            <Typography component="p" variant="body2" sx={{ mb: 1.5 }}>
              {t('accountData.delete.stays')}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {t('accountData.delete.final')}
            </Typography>
          </Box>
          {activeEvents ? (
            <Alert severity="warning" sx={{ mt: 2 }} role="alert" data-testid="delete-account-refused">
              <AlertTitle>{t('accountData.delete.refusedTitle')}</AlertTitle>
              {t('errors.ACCOUNT_HAS_ACTIVE_EVENT')}
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {activeEvents.map((event) => (
                  <li key={event.id}>
                    <UserText>{event.name}</UserText>
                    {' · '}
                    <Ltr>{formatEventDate(event.date, i18n.language, 'short')}</Ltr>
                  </li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <FormErrorAlert error={shownError} />
          {activeEvents ? null : user.hasPassword ? (
            <PasswordField control={control} name="password" label={t('accountData.delete.password')} autoComplete="current-password" required />
          ) : (
            <FormTextField
              control={control}
              name="confirmEmail"
              type="email"
              label={t('accountData.delete.confirmEmail')}
              helperText={t('accountData.delete.confirmEmailHint')}
              autoComplete="off"
              required
            />
          )}
        </DialogContent>
        <DialogActions
          sx={{
            px: 3,
            pb: 2,
            gap: 1,
            // On a phone the two long labels stack, the main one on top.
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            '& > :not(style) ~ :not(style)': { ml: 0 },
          }}
        >
          {activeEvents ? (
            <Button onClick={close} variant="contained" autoFocus data-testid="delete-account-understood">
              {t('accountData.delete.understood')}
            </Button>
          ) : (
            <>
              <Button onClick={close} variant="text" autoFocus>
                {t('accountData.delete.cancel')}
              </Button>
              <Button type="submit" color="error" variant="contained" loading={deleteAccount.isPending} data-testid="delete-account-confirm">
                {t('accountData.delete.confirm')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
