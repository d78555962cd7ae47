import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isolateLtr } from '../../../design/bidi';
import { usePublicAnswers, type PublicAnswersQuery } from '../api';
import { PublicAnswerList } from './public-answer-list';

type Place = 'guest' | 'answers' | 'newGuests';

const QUERY: Record<Place, (guestId?: string) => PublicAnswersQuery> = {
  guest: (guestId) => (guestId ? { guestId } : {}),
  answers: () => ({ kind: 'answers' }),
  newGuests: () => ({ kind: 'guests' }),
};

/**
 * What the public link kept for the host: on the guest edit screen the guest's kept answer beside their own, on
 * "guest answers" every listed guest's, on the guest list the new people waiting for approval. Nothing when empty.
 */
export function PublicAnswersCard({ eventId, place, guestId }: { eventId: string; place: Place; guestId?: string }) {
  const { t } = useTranslation();
  const answers = usePublicAnswers(eventId, QUERY[place](guestId));
  const items = answers.data?.items ?? [];
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const shown = items.length > 0;
  // The bell leads here with #waiting-guests: the card appears once its answers load, so bring it into view then.
  useEffect(() => {
    if (shown && place === 'newGuests' && hash === '#waiting-guests') card.current?.scrollIntoView({ block: 'start' });
  }, [shown, place, hash]);
  if (!shown) return null;
  const title = t(`invitations.publicAnswers.title.${place}`, { count: isolateLtr(String(items.length)) });
  return (
    <Card
      ref={card}
      variant="outlined"
      sx={{ mb: 3, maxWidth: place === 'guest' ? 720 : undefined, borderColor: 'secondary.main', borderWidth: 1, scrollMarginTop: { xs: 72, sm: 80 } }}
      data-testid={`public-answers-${place}`}
      id={place === 'newGuests' ? 'waiting-guests' : undefined}
    >
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`invitations.publicAnswers.hint.${place}`)}
        </Typography>
        <PublicAnswerList items={items} eventId={eventId} label={title} showGuest={place === 'answers'} />
      </CardContent>
    </Card>
  );
}
