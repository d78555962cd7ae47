import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { safeNextPath } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { forgetPendingNext } from '../../auth/pending-next';
import { isApiError } from '../../../app/api-error';
import { ensureFeatureTexts } from '../../../app/i18n';
import { lightLoginUrl } from '../../../app/routing/light-login';
import { useSession } from '../../../app/use-session';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { UserText } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { eventNameIn, formatEventDate } from '../../events/format-event';
import { useAcceptCohostInvitation, useCohostInvitation } from '../api';

/**
 * `/cohost-invite/:token`: the link from a co-host invitation e-mail. It shows the event and who invited; a
 * visitor signs in (and comes back here) or registers, then joins and lands on the event's dashboard.
 */
export function CohostInvitePage() {
  // The public route does not load the feature texts (Hebrew's come apart from the first screen): this page does.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureFeatureTexts().finally(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready ? <CohostInvitation /> : null;
}

function CohostInvitation() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const session = useSession();
  const invitation = useCohostInvitation(token);
  const accept = useAcceptCohostInvitation();
  // Only this page's own path comes back after sign-in (the token is URL-safe base64; anything else is refused).
  const here = safeNextPath(`/cohost-invite/${encodeURIComponent(token)}`, window.location.origin) ?? '/manage-events';
  const lang = i18n.language;

  const join = () =>
    accept.mutate(token, {
      onSuccess: ({ eventId }) => {
        forgetPendingNext();
        showToast('cohosts.page.joined', 'success');
        void navigate(`/event/${eventId}/statistics`, { replace: true });
      },
    });
  // Back here after registering, verifying and signing in (`?join=1`): the invitation is finished without asking again.
  const [params] = useSearchParams();
  const autoJoin = params.get('join') === '1';
  const joinedOnce = useRef(false);
  const canJoin = !!session && !!invitation.data;
  useEffect(() => {
    if (!autoJoin || !canJoin || joinedOnce.current) return;
    joinedOnce.current = true;
    join();
  });

  if (invitation.isPending) {
    return (
      <>
        <PageHeading>{t('cohosts.page.title')}</PageHeading>
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('cohosts.loading')}</Typography>
        </Stack>
      </>
    );
  }

  if (invitation.error || !invitation.data) {
    const invalid = isApiError(invitation.error) && (invitation.error.code === 'INVITE_LINK_INVALID' || invitation.error.code === 'VALIDATION');
    return (
      <>
        <PageHeading>{t('cohosts.page.invalidTitle')}</PageHeading>
        <Alert severity="error" data-testid="cohost-invite-invalid">
          {invalid ? t('errors.INVITE_LINK_INVALID') : translateError(t, invitation.error)}
        </Alert>
      </>
    );
  }

  const info = invitation.data;
  const name = eventNameIn({ names: info.eventNames, defaultLang: info.defaultLang }, lang);
  const acceptError = accept.error && !(isApiError(accept.error) && accept.error.handledGlobally) ? accept.error : null;
  const alreadyMember = isApiError(accept.error) && accept.error.code === 'CONFLICT';

  return (
    <>
      <PageHeading>{t('cohosts.page.title')}</PageHeading>
      <Stack spacing={2} data-testid="cohost-invite-page">
        <Typography variant="h2" component="p" sx={{ overflowWrap: 'anywhere' }} data-testid="cohost-invite-event">
          <UserText>{name}</UserText>
        </Typography>
        <Typography color="text.secondary">{formatEventDate(info.eventDate, lang)}</Typography>
        <Typography data-testid="cohost-invite-inviter">
          {t('cohosts.page.invitedBy', { name: `\u2068${info.inviterName}\u2069` })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('cohosts.page.rights')}
        </Typography>

        {acceptError ? (
          <Alert severity={alreadyMember ? 'info' : 'error'} data-testid="cohost-invite-error">
            {alreadyMember ? t('cohosts.page.alreadyMember') : translateError(t, acceptError)}
          </Alert>
        ) : null}

        {session ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2">{t('cohosts.page.signedInAs', { email: `\u2066${session.userData.email}\u2069` })}</Typography>
            <Button variant="contained" size="large" onClick={join} loading={accept.isPending} data-testid="cohost-join">
              {t('cohosts.page.join')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <Typography>{t('cohosts.page.signInFirst')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" size="large" href={lightLoginUrl(lang, here)} data-testid="cohost-sign-in">
                {t('cohosts.page.signIn')}
              </Button>
              <Button
                variant="outlined"
                size="large"
                href={`/register/${encodeURIComponent(lang)}?next=${encodeURIComponent(`${here}?join=1`)}`}
                data-testid="cohost-register"
              >
                {t('cohosts.page.register')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('cohosts.page.registerHint')}
            </Typography>
          </Stack>
        )}
      </Stack>
    </>
  );
}
