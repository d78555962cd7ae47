import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EventIcon from '@mui/icons-material/EventOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr, UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { eventRightsOf } from '../../cohosts/event-rights';
import { eventNameIn, formatCount, formatEventDate } from '../format-event';
import { EventPlace } from './event-place';

/** Statuses worth a chip on the card, in the order a host reads them. */
const CARD_STATUSES = ['approved', 'declined', 'maybe', 'inProgress', 'pending', 'wrongNumber'] as const;

/** No invitation image yet: two rings and sparkles on a warm wash, decorative. */
export function EventImagePlaceholder() {
  const washId = useId();
  return (
    <svg viewBox="0 0 320 180" width="100%" height="100%" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice" style={{ display: 'block' }}>
      <defs>
        <linearGradient id={washId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors.primarySoft} />
          <stop offset="1" stopColor={colors.roseSoft} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${washId})`} />
      <circle cx="140" cy="96" r="34" fill="none" stroke={colors.primaryLight} strokeWidth="9" />
      <circle cx="182" cy="96" r="34" fill="none" stroke={colors.gold} strokeWidth="9" />
      <path d="M182 48 l-8 -10 h16 z" fill={colors.gold} />
      <path transform="translate(66 48) scale(0.9)" d="M0-10 2.6-2.6 10 0 2.6 2.6 0 10-2.6 2.6-10 0-2.6-2.6z" fill={colors.gold} />
      <path transform="translate(258 140) scale(0.7)" d="M0-10 2.6-2.6 10 0 2.6 2.6 0 10-2.6 2.6-10 0-2.6-2.6z" fill={colors.primaryLight} />
      <circle cx="252" cy="42" r="5" fill={colors.rose} />
      <circle cx="56" cy="142" r="6" fill={colors.primaryLight} />
    </svg>
  );
}

function EventImage({ event }: { event: EventDto }) {
  const srcSet = event.imageSizes
    ? Object.entries(event.imageSizes)
        .map(([width, url]) => `${url} ${width}w`)
        .join(', ')
    : undefined;
  return (
    <Box sx={{ aspectRatio: '16 / 9', overflow: 'hidden', bgcolor: colors.primarySoft }}>
      {event.imageUrl ? (
        <Box
          component="img"
          src={event.imageUrl}
          srcSet={srcSet}
          sizes="(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw"
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <EventImagePlaceholder />
      )}
    </Box>
  );
}

interface EventCardProps {
  event: EventDto;
  onDelete: (event: EventDto) => void;
}

/** One event in the host's list: image, name, date, place, guest totals, open and delete. */
export function EventCard({ event, onDelete }: EventCardProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const titleId = useId();
  const lang = i18n.language;
  const name = eventNameIn(event, lang);
  const chips = CARD_STATUSES.filter((status) => (event.statusCounts[status] ?? 0) > 0);

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="event-card" data-event-id={event.id}>
      <EventImage event={event} />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="event-card-name">
          <UserText>{name}</UserText>
        </Typography>
        {event.role === 'cohost' ? (
          <Chip size="small" color="primary" variant="outlined" label={t('cohosts.badge')} sx={{ alignSelf: 'flex-start' }} data-testid="event-card-cohost" />
        ) : null}
        <Stack spacing={0.5} sx={{ color: 'text.secondary' }}>
          <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <EventIcon fontSize="small" aria-hidden />
            <span>
              {formatEventDate(event.date, lang)}
              {', '}
              <Ltr>{event.time}</Ltr>
            </span>
          </Typography>
          <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <PlaceIcon fontSize="small" aria-hidden />
            <EventPlace event={event} />
          </Typography>
          <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid="event-card-counts">
            <PeopleIcon fontSize="small" aria-hidden />
            <span>
              {ti('events.card.counts', { guests: formatCount(event.guestCount, lang), invitees: formatCount(event.inviteeCount, lang) })}
            </span>
          </Typography>
        </Stack>
        {chips.length > 0 ? (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 0.5 }} component="ul" aria-label={t('events.card.statusesLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {chips.map((status) => (
              <li key={status}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={status === 'approved' ? 'success' : status === 'declined' || status === 'wrongNumber' ? 'error' : 'default'}
                  label={
                    <>
                      {t(`eventStats.${status}`)}
                      {': '}
                      <Ltr>{formatCount(event.statusCounts[status] ?? 0, lang)}</Ltr>
                    </>
                  }
                />
              </li>
            ))}
          </Stack>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={`/event/${event.id}/statistics`} variant="contained" aria-describedby={titleId} data-testid="event-card-open">
          {t('events.card.open')}
        </Button>
        {eventRightsOf(event.role).canDelete ? (
          <Button
            color="secondary"
            startIcon={<DeleteIcon />}
            onClick={() => onDelete(event)}
            aria-describedby={titleId}
            data-testid="event-card-delete"
          >
            {t('events.card.delete')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}
