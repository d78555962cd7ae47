import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAnswerHistory } from '../api';
import { AnswerHistoryList } from './answer-history-list';

const SHOWN = 5;

/** The guest's own answers on the guest edit screen (the latest few), linking to all of them on "guest answers". */
export function GuestAnswerHistoryCard({ eventId, guestId }: { eventId: string; guestId: string }) {
  const { t } = useTranslation();
  const history = useAnswerHistory(eventId, { page: 1, pageSize: SHOWN, guestId });
  const data = history.data;
  if (!data || data.total === 0) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mb: 3 }} data-testid="guest-answer-history">
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem' }}>
          {t('invitations.history.guestCardTitle')}
        </Typography>
        <AnswerHistoryList items={data.items} eventId={eventId} showName={false} label={t('invitations.history.guestCardTitle')} />
        {data.total > SHOWN ? (
          <Button component={RouterLink} to={`/event/${eventId}/guest/answers?guestId=${encodeURIComponent(guestId)}`} sx={{ mt: 1 }}>
            {t('invitations.history.seeAll', { count: data.total })}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
