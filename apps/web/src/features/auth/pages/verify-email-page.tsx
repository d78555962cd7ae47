import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { safeNextPath } from '@magiim/shared';
import { lightLoginUrl } from '../../../app/routing/light-login';
import { pendingNext } from '../pending-next';
import { isApiError } from '../../../app/api-error';
import { useSession } from '../../../app/use-session';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { useVerifyEmail } from '../api';
import { useIsolatedT } from '../../../design/isolated-text';

export function VerifyEmailPage() {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const { token = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sentFor = useRef<string | null>(null);

  // Tokens are single-use: send once per token, even when React mounts the page twice in development.
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['user', 'me'] }) });
  }, [token, mutate, queryClient]);

  const alreadyVerified = isApiError(verify.error) && verify.error.code === 'ALREADY_VERIFIED';
  // Where the registration was heading (a co-host invitation): the link's ?next=, else what this browser kept.
  const [params] = useSearchParams();
  const heading = safeNextPath(params.get('next'), window.location.origin) ?? pendingNext();
  const signedIn = !!session && !alreadyVerified;
  const next = signedIn
    ? { to: heading ?? '/manage-events', label: heading ? t('auth.verifyEmail.continue') : t('auth.verifyEmail.goToEvents') }
    : { to: '/login', label: t('auth.verifyEmail.goToLogin') };

  return (
    <>
      <PageHeading>{t('auth.verifyEmail.title')}</PageHeading>
      {verify.isPending || verify.isIdle ? (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('auth.verifyEmail.verifying')}</Typography>
        </Stack>
      ) : null}
      {verify.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} data-testid="verify-success">
          {verify.data.kind === 'emailChange'
            ? ti('auth.verifyEmail.emailChanged', { email: verify.data.email })
            : ti('auth.verifyEmail.verified', { email: verify.data.email })}
        </Alert>
      ) : null}
      {alreadyVerified ? (
        <Alert severity="info" sx={{ my: 2 }} data-testid="already-verified">
          {t('auth.verifyEmail.alreadyVerified')}
        </Alert>
      ) : (
        <FormErrorAlert error={verify.error} />
      )}
      {verify.isSuccess || verify.isError ? (
        !signedIn && heading ? (
          // The light sign-in page is its own document: a full load, coming back to where the registration was heading.
          <Button href={lightLoginUrl(i18n.language, heading)} variant="contained" sx={{ mt: 1 }} data-testid="verify-next">
            {next.label}
          </Button>
        ) : (
          <Button component={RouterLink} to={next.to} variant="contained" sx={{ mt: 1 }} data-testid="verify-next">
            {next.label}
          </Button>
        )
      ) : null}
    </>
  );
}
