import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginResponse } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { returnPathOf } from '../../../app/routing/return-path';
import { writeSession } from '../../../app/session';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../i18n/translate-error';
import { redeemOtt } from '../../billing/api';

// A token is single use: one redemption per token even when React mounts the page twice.
const redemptions = new Map<string, Promise<LoginResponse>>();
const redeemOnce = (token: string): Promise<LoginResponse> => {
  let redemption = redemptions.get(token);
  if (!redemption) {
    redemption = redeemOtt(token);
    redemptions.set(token, redemption);
  }
  return redemption;
};

/**
 * `/ott?token=…&next=…` (spec §2): the app's web view opened the site in the system browser with a one-time
 * sign-in link; it is traded for a session, stored as the sign-in page stores one, and the page continues to `next`.
 */
export function OttPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const next = returnPathOf({ from: params.get('next') });
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    // The token leaves the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', `/ott?next=${encodeURIComponent(next)}`);
    if (!token) {
      setError(new Error('missing token'));
      return;
    }
    let live = true;
    redeemOnce(token).then(
      (session) => {
        writeSession(session);
        if (live) void navigate(next, { replace: true });
      },
      (failure: unknown) => {
        if (live) setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [token, next, navigate]);

  const invalid = !isApiError(error) || error.code === 'INVALID_TOKEN' || error.code === 'UNAUTHORIZED' || error.code === 'VALIDATION';
  return (
    <>
      <PageHeading>{t(error ? 'billing.ott.failedTitle' : 'billing.ott.title')}</PageHeading>
      {error ? (
        <Stack spacing={2} data-testid="ott-failed">
          <Alert severity="error">{invalid ? t('billing.ott.invalid') : translateError(t, error)}</Alert>
          <Typography>{t('billing.ott.signInHint')}</Typography>
          <div>
            <Button variant="contained" size="large" href={`/login?next=${encodeURIComponent(next)}`}>
              {t('billing.ott.signIn')}
            </Button>
          </div>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" role="status" data-testid="ott-pending">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('billing.ott.signingIn')}</Typography>
        </Stack>
      )}
    </>
  );
}
