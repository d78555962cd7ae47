import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLang, type GuestMessageHistory, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { useGuestMessageHistory } from '../api';
import { formatInstant, formatLocalDateTime } from '../format-local';
import { useGuestCalls } from '../../calls/report-api';
import { CallAttemptList } from '../../calls/components/call-report-parts';
import { answerText, callResultOf, describeCall } from '../../calls/components/call-round-status';
import { describeMessage, MessageMark } from './message-progress';

type Item = GuestMessageHistory['items'][number];

/** A call's tries (time, length, result), the next try and the keypad answer, from the call report. */
function CallDetails({ eventId, guestId, lang }: { eventId: string; guestId: string; lang: Lang }) {
  const { t } = useTranslation();
  const calls = useGuestCalls(eventId, guestId, true).data?.item;
  if (!calls) return null;
  const answer = answerText(t, calls.answer);
  return (
    <Box sx={{ mt: 1, paddingInlineStart: 1.5, borderInlineStart: 3, borderColor: 'rgba(0,121,107,0.35)' }} data-testid="history-call-attempts">
      <Typography variant="caption" component="h3" color="text.secondary" sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
        {t('callRound.history.attempts')}
      </Typography>
      <CallAttemptList attempts={calls.attempts} lang={lang} />
      {calls.nextAttemptAt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('callRound.history.nextAttempt', { time: '' })}
          <Ltr>{formatLocalDateTime(lang, calls.nextAttemptAt)}</Ltr>
        </Typography>
      ) : null}
      {answer ? (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="history-call-answer">
          {t('callRound.history.answer', { answer })}
        </Typography>
      ) : null}
    </Box>
  );
}

function HistoryItem({ item, lang, eventId, guestId }: { item: Item; lang: Lang; eventId: string; guestId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const call = item.type === 4;
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} data-testid="history-item">
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <MessageMark message={item} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`messaging.actions.${item.action}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {call
            ? describeCall(t, { result: callResultOf(item), reason: item.reason }).replace(t('callRound.progress.label', { result: '' }), '')
            : describeMessage(t, item).replace(`${t(`messaging.types.${item.type}`)}: `, '')}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <Ltr>{formatInstant(lang, item.at)}</Ltr>
        </Typography>
      </Stack>
      {call ? <CallDetails eventId={eventId} guestId={guestId} lang={lang} /> : null}
      {item.text ? (
        <>
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ mt: 0.5 }}>
            {open ? t('messaging.history.hideText') : t('messaging.history.showText')}
          </Button>
          <Collapse in={open} unmountOnExit>
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'grey.50', p: 1.5, borderRadius: 1 }}>
              {item.text}
            </Typography>
          </Collapse>
        </>
      ) : null}
    </ListItem>
  );
}

/** The guest edit screen's card: every message to the guest, newest first, with the text as sent. */
export function GuestMessageHistoryCard({ eventId, guestId }: { eventId: string; guestId: string }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  const query = useGuestMessageHistory(eventId, guestId);
  const data = query.data;
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mb: 3 }} data-testid="message-history">
      <CardContent>
        <Typography variant="h2" component="h2" gutterBottom sx={{ fontSize: '1.05rem' }}>
          {t('messaging.history.title')}
        </Typography>
        {data?.optedOut ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('messaging.history.optedOut')}
          </Alert>
        ) : null}
        {data ? (
          data.items.length === 0 ? (
            <Typography color="text.secondary">{t('messaging.history.empty')}</Typography>
          ) : (
            <List disablePadding>
              {data.items.map((item, index) => (
                <HistoryItem key={`${item.action}:${item.channel}:${item.at}:${index}`} item={item} lang={lang} eventId={eventId} guestId={guestId} />
              ))}
            </List>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
