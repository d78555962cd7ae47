import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AnswerHistoryItem } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr, UserText } from '../../../design/bidi';
import { formatAnsweredAt } from '../format-answer';
import { AnswerDetails } from './answer-details';
import { StatusChange } from './status-change';

function AnswerHistoryEntry({ item, eventId, showName }: { item: AnswerHistoryItem; eventId: string; showName: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ py: 1.5, display: 'grid', gap: 0.75, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }} data-testid="answer-entry">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        {showName ? (
          <Link component={RouterLink} to={`/event/${eventId}/guest/edit/${item.guestId}`} sx={{ fontWeight: 600, minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
            <UserText>{item.fullName}</UserText>
          </Link>
        ) : null}
        <StatusChange status={item.status} previous={item.changed ? item.previousStatus : null} />
        <Typography component="span" variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <Ltr>
            <time dateTime={item.createdAt}>{formatAnsweredAt(item.createdAt)}</time>
          </Ltr>
          {' · '}
          {t(`invitations.answer.source.${item.source}`)}
          {item.source === 'public' && item.typedName && item.typedName !== item.fullName ? (
            <>
              {' · '}
              {t('invitations.answer.typedBy')} <bdi>{item.typedName}</bdi>
            </>
          ) : null}
        </Typography>
      </Box>
      <AnswerDetails answer={item} />
    </Box>
  );
}

/** Answers newest first: who, the answer (and what it replaced), people, meals, transport, comment, when. */
export function AnswerHistoryList({ items, eventId, showName = true, label }: { items: AnswerHistoryItem[]; eventId: string; showName?: boolean; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <AnswerHistoryEntry key={item.id} item={item} eventId={eventId} showName={showName} />
      ))}
    </Box>
  );
}
