import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone, type PublicAnswerItem } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isolateLtr, Ltr } from '../../../design/bidi';
import { GuestStatusChip } from '../../guests/components/guest-status-chip';
import { useDecidePublicAnswer } from '../api';
import { formatAnsweredAt } from '../format-answer';
import { toastApiError } from '../toast-api-error';
import { AnswerDetails } from './answer-details';

function PublicAnswerEntry({ item, eventId, showGuest }: { item: PublicAnswerItem; eventId: string; showGuest: boolean }) {
  const { t } = useTranslation();
  const decide = useDecidePublicAnswer(eventId);
  const newGuest = item.guestId === null;
  const busy = decide.isPending;
  const run = (decision: 'apply' | 'dismiss') => decide.mutate({ answerId: item.id, decision }, { onError: toastApiError });
  return (
    <Box component="li" sx={{ py: 1.5, display: 'grid', gap: 1, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }} data-testid="public-answer">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
          {item.typedName}
        </Typography>
        {newGuest ? (
          <Typography component="span" variant="body2" color="text.secondary">
            <Ltr>{formatPhone(item.phoneNumber)}</Ltr>
          </Typography>
        ) : null}
        <GuestStatusChip status={item.status} />
        <Typography component="span" variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <Ltr>
            <time dateTime={item.createdAt}>{formatAnsweredAt(item.createdAt)}</time>
          </Ltr>
        </Typography>
      </Box>
      {showGuest && item.guestId ? (
        <Typography variant="body2">
          {t('invitations.publicAnswers.forGuest')}{' '}
          <Link component={RouterLink} to={`/event/${eventId}/guest/edit/${item.guestId}`} sx={{ fontWeight: 600 }} dir="auto">
            {item.guestName}
          </Link>
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t(`invitations.publicAnswers.reason.${item.reason}`, { attending: isolateLtr(String(item.attending ?? 0)), count: isolateLtr(String(item.countOfInvites ?? 0)) })}
      </Typography>
      <AnswerDetails answer={item} {...(item.countOfInvites ? { countOfInvites: item.countOfInvites } : {})} />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Button variant="contained" size="small" disabled={busy} onClick={() => run('apply')} sx={{ minHeight: 44 }} data-testid="public-answer-apply">
          {newGuest ? t('invitations.publicAnswers.approve') : t('invitations.publicAnswers.apply')}
        </Button>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => run('dismiss')} sx={{ minHeight: 44 }} data-testid="public-answer-dismiss">
          {newGuest ? t('invitations.publicAnswers.reject') : t('invitations.publicAnswers.dismiss')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Public-link answers waiting for the host: each with who typed it, why it waits, and apply/approve or dismiss. */
export function PublicAnswerList({ items, eventId, label, showGuest = false }: { items: PublicAnswerItem[]; eventId: string; label: string; showGuest?: boolean }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <PublicAnswerEntry key={item.id} item={item} eventId={eventId} showGuest={showGuest} />
      ))}
    </Box>
  );
}
