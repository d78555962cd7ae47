import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { GuestDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { GuestStatusChip } from '../../guests/components/guest-status-chip';
import { formatAnsweredAt } from '../format-answer';
import { AnswerDetails } from './answer-details';

/** The guest's latest answer on the guest edit screen: status, changed-decision mark, people, meals, transport, comment. */
export function GuestAnswerCard({ guest }: { guest: GuestDto }) {
  const { t } = useTranslation();
  const answer = guest.answer;
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mb: 3 }} data-testid="guest-answer-card">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', marginInlineEnd: 'auto' }}>
            {t('invitations.answer.title')}
          </Typography>
          {guest.changedDecision && guest.status !== 'changedDecision' ? <GuestStatusChip status="changedDecision" /> : null}
          <GuestStatusChip status={guest.status} />
        </Box>
        {answer ? (
          <>
            <AnswerDetails answer={{ ...answer, attending: guest.attending }} countOfInvites={guest.countOfInvites} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('invitations.answer.answeredAt')}{' '}
              <Ltr>
                <time dateTime={answer.answeredAt}>{formatAnsweredAt(answer.answeredAt)}</time>
              </Ltr>
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{t('invitations.answer.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
