import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { useEvent } from '../../events/use-event';
import { useAnswerHistory } from '../api';
import { AnswerHistoryList } from '../components/answer-history-list';
import { AnswerPager } from '../components/answer-pager';
import { PublicAnswersCard } from '../components/public-answers-card';
import { isolateUserText } from '../../../design/bidi';

const PAGE_SIZE = 20;

/** `/event/:id/guest/answers`: every answer as it came, newest first (`?changed=1`, `?guestId=`, `?page=` in the address). */
export function GuestAnswersPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const changedOnly = params.get('changed') === '1';
  const guestId = params.get('guestId') ?? undefined;
  const history = useAnswerHistory(event.id, { page, pageSize: PAGE_SIZE, changedOnly, ...(guestId ? { guestId } : {}) });
  const data = history.data;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const guestName = guestId ? data?.items[0]?.fullName : undefined;

  return (
    <>
      <PageHeading>{t('invitations.history.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('invitations.history.subtitle')}
      </Typography>

      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <FormControlLabel
          control={<Switch checked={changedOnly} onChange={(e) => update({ changed: e.target.checked ? '1' : null, page: null })} data-testid="changed-only" />}
          label={t('invitations.history.changedOnly')}
          sx={{ minHeight: 44, marginInlineStart: 0 }}
        />
        {guestId ? (
          <>
            <Typography sx={{ fontWeight: 600 }} data-testid="guest-filter" dir="auto">
              {guestName ? t('invitations.history.guestFilter', { name: isolateUserText(guestName) }) : t('invitations.history.oneGuest')}
            </Typography>
            <Button onClick={() => update({ guestId: null, page: null })} data-testid="show-all-answers">
              {t('invitations.history.showAll')}
            </Button>
          </>
        ) : null}
      </Stack>

      {guestId ? <PublicAnswersCard eventId={event.id} place="guest" guestId={guestId} /> : <PublicAnswersCard eventId={event.id} place="answers" />}

      {history.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void history.refetch()}>
              {t('invitations.retry')}
            </Button>
          }
        >
          {t('invitations.history.loadError')}
        </Alert>
      ) : null}

      {data && data.total === 0 ? (
        changedOnly || guestId ? (
          <Alert severity="info" data-testid="answers-none">
            {changedOnly ? t('invitations.history.emptyChanged') : t('invitations.history.emptyGuest')}
          </Alert>
        ) : (
          <EmptyState
            illustration={<InvitationIllustration />}
            title={t('invitations.history.emptyTitle')}
            action={
              <Button component={RouterLink} to={`/event/${event.id}/guest/list`} variant="contained">
                {t('invitations.history.toGuests')}
              </Button>
            }
            data-testid="answers-empty"
          >
            {t('invitations.history.emptyHint')}
          </EmptyState>
        )
      ) : null}

      {data && data.total > 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ opacity: history.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={history.isFetching}>
              <AnswerHistoryList items={data.items} eventId={event.id} label={t('invitations.history.listLabel')} />
            </Box>
            <AnswerPager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(next) => update({ page: next === 1 ? null : String(next) })} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
