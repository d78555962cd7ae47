import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import { formatInstant } from '../format-local';
import { describeMessage, MessageMark } from './message-progress';

type Item = GuestMessageHistory['items'][number];

function HistoryItem({ item, lang }: { item: Item; lang: Lang }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} data-testid="history-item">
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <MessageMark message={item} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`messaging.actions.${item.action}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {describeMessage(t, item).replace(`${t(`messaging.types.${item.type}`)}: `, '')}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <Ltr>{formatInstant(lang, item.at)}</Ltr>
        </Typography>
      </Stack>
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
                <HistoryItem key={`${item.action}:${item.channel}:${item.at}:${index}`} item={item} lang={lang} />
              ))}
            </List>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
