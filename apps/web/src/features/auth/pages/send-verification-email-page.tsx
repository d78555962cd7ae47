import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { currentLanguage } from '../../../app/i18n';
import { useAccessToken, useSession } from '../../../app/use-session';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { useResendVerificationEmail } from '../api';
import { BackToLoginLink } from '../components/back-to-login-link';
import { recallVerificationEmail } from '../verification-email-memory';
import { useIsolatedT } from '../../../design/isolated-text';

interface VerificationState {
  email?: string;
  fullName?: string;
  registered?: boolean;
}

export function SendVerificationEmailPage() {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const session = useSession();
  // Signed in, or holding the verify-only session a registration or refused sign-in gave.
  const canResend = useAccessToken() !== null;
  const state = (useLocation().state ?? {}) as VerificationState;
  const email = state.email ?? session?.userData.pendingEmail ?? recallVerificationEmail();
  const resend = useResendVerificationEmail();
  const resendError = isApiError(resend.error) && resend.error.handledGlobally ? null : resend.error;

  return (
    <>
      <PageHeading>{t('auth.verifySent.title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>
        {state.registered && email
          ? ti('auth.verifySent.registered', { email })
          : email
            ? ti('auth.verifySent.bodyWithEmail', { email })
            : t('auth.verifySent.body')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('auth.verifySent.checkSpam')}
      </Typography>
      {state.registered ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('auth.verifySent.wrongAddress')}{' '}
          <Link
            component={RouterLink}
            to={`/register/${currentLanguage()}`}
            state={{ fullName: state.fullName, email }}
            data-testid="correct-address"
          >
            {t('auth.verifySent.correctAddress')}
          </Link>
        </Typography>
      ) : null}
      {resend.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="resend-success">
          {t('auth.verifySent.resent')}
        </Alert>
      ) : null}
      <FormErrorAlert error={resendError} />
      {canResend ? (
        <Button variant="contained" loading={resend.isPending} onClick={() => resend.mutate(currentLanguage())}>
          {t('auth.verifySent.resend')}
        </Button>
      ) : (
        <Typography>
          {t('auth.verifySent.signInToResend')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth.verifySent.signIn')}
          </Link>
        </Typography>
      )}
      <BackToLoginLink />
    </>
  );
}
