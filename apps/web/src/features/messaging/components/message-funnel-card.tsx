import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MessageFunnel } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { useMessageFunnel, useResend } from '../api';
import { SendingRefusal } from './sending-refusal';
import { Link as RouterLink } from 'react-router';
import { CALL_ICON, CALL_TEAL } from '../../calls/components/call-round-status';

type FunnelAction = MessageFunnel['actions'][number];
const CHANNEL_STEPS = ['sent', 'delivered', 'read', 'failed'] as const;
const STEPS = ['frozen', 'sent', 'delivered', 'read', 'answered', 'failed'] as const;
/** The call round: guests, calls placed, picked up, answered (an RSVP), not reached — nothing is "read". */
const CALL_STEPS = ['frozen', 'sent', 'delivered', 'answered', 'failed'] as const;
const STEP_COLOR: Record<(typeof STEPS)[number], string> = {
  frozen: '#8e88a0',
  sent: '#7e57c2',
  delivered: '#5c6bc0',
  read: '#0277bd',
  answered: '#2e7d32',
  failed: '#c62828',
};

function FunnelBars({ funnel }: { funnel: FunnelAction }) {
  const { t } = useTranslation();
  const total = Math.max(1, funnel.frozen);
  const calls = funnel.action === 'calls';
  // The save-the-date asks no answer (issue 32): no "answered" step.
  const steps = calls ? CALL_STEPS : funnel.action === 'saveTheDate' ? STEPS.filter((step) => step !== 'answered') : STEPS;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(5.5rem, auto) 1fr auto', columnGap: 1.5, rowGap: 0.75, alignItems: 'center' }}>
      {steps.map((step) => (
        <Box key={step} sx={{ display: 'contents' }} data-testid={`funnel-${step}`}>
          <Typography component="dt" variant="body2">
            {calls ? t(`callRound.funnel.${step}`) : t(`messaging.funnel.${step}`)}
          </Typography>
          <Box aria-hidden sx={{ height: 10, borderRadius: 5, bgcolor: 'grey.100', overflow: 'hidden' }}>
            <Box
              sx={{
                height: '100%',
                width: `${Math.min(100, (funnel[step] / total) * 100)}%`,
                bgcolor: calls && step === 'sent' ? CALL_TEAL : STEP_COLOR[step],
                borderRadius: 5,
                transition: 'width .4s',
              }}
            />
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'end' }} data-testid={`funnel-${step}-count`}>
            <Ltr>{funnel[step]}</Ltr>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The call round's card: its own steps, a link to the call report, no resend (each guest's tries are the retries). */
function CallFunnel({ eventId, funnel }: { eventId: string; funnel: FunnelAction }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="funnel-card-calls" component="section" aria-labelledby="funnel-title-calls">
      <CardContent>
        <Typography id="funnel-title-calls" variant="h2" component="h2" sx={{ fontSize: '1.05rem', mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <CALL_ICON aria-hidden sx={{ color: CALL_TEAL }} />
          {t('callRound.funnel.title')}
        </Typography>
        <FunnelBars funnel={funnel} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('callRound.funnel.noResend')}
        </Typography>
        <Button component={RouterLink} to={`/event/${eventId}/call-messages#call-report`} variant="outlined" size="small" sx={{ mt: 2 }} data-testid="funnel-call-report">
          {t('callRound.timing.report')}
        </Button>
      </CardContent>
    </Card>
  );
}

function ActionFunnel({ eventId, funnel }: { eventId: string; funnel: FunnelAction }) {
  const { t } = useTranslation();
  const resend = useResend(eventId);
  const channels = Object.entries(funnel.byChannel);
  const unread = funnel.sent + funnel.delivered > 0 && funnel.read < funnel.frozen - funnel.failed;
  const again = (only: 'unread' | 'failed') => {
    // The call round has no resend (its own card: CallFunnel).
    if (funnel.action === 'calls') return;
    resend.mutate({ action: funnel.action, only }, { onSuccess: ({ queued }) => showToast('messaging.funnel.resent', 'success', { count: queued }) });
  };
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`funnel-card-${funnel.action}`} component="section" aria-labelledby={`funnel-title-${funnel.action}`}>
      <CardContent>
        <Typography id={`funnel-title-${funnel.action}`} variant="h2" component="h2" sx={{ fontSize: '1.05rem', mb: 2 }}>
          {t('messaging.funnel.title', { action: t(`messaging.actions.${funnel.action}`) })}
        </Typography>
        <FunnelBars funnel={funnel} />
        {channels.length > 0 ? (
          <>
            {/* Wide screens: a table; a phone: one line per channel (four number columns do not fit 390 px). */}
            <Table size="small" sx={{ mt: 2, display: { xs: 'none', sm: 'table' } }} aria-label={t('messaging.funnel.byChannel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('messaging.funnel.byChannel')}</TableCell>
                  {CHANNEL_STEPS.map((step) => (
                    <TableCell key={step} align="right">
                      {t(`messaging.funnel.${step}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {channels.map(([channel, counts]) => (
                  <TableRow key={channel}>
                    <TableCell>{t(`messaging.channels.${channel}`, { defaultValue: channel })}</TableCell>
                    {CHANNEL_STEPS.map((step) => (
                      <TableCell key={step} align="right">
                        <Ltr>{counts[step]}</Ltr>
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box sx={{ mt: 2, display: { xs: 'block', sm: 'none' } }}>
              <Typography variant="subtitle2" component="h3">
                {t('messaging.funnel.byChannel')}
              </Typography>
              {channels.map(([channel, counts]) => (
                <Typography key={channel} variant="body2" color="text.secondary">
                  <strong>{t(`messaging.channels.${channel}`, { defaultValue: channel })}</strong>
                  {CHANNEL_STEPS.map((step) => (
                    <span key={step}>
                      {' · '}
                      {t(`messaging.funnel.${step}`)} <Ltr>{counts[step]}</Ltr>
                    </span>
                  ))}
                </Typography>
              ))}
            </Box>
          </>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" size="small" disabled={!unread || resend.isPending} onClick={() => again('unread')} data-testid="resend-unread">
            {t('messaging.funnel.resendUnread')}
          </Button>
          <Button variant="outlined" size="small" color="error" disabled={funnel.failed === 0 || resend.isPending} onClick={() => again('failed')} data-testid="retry-failed">
            {t('messaging.funnel.retryFailed')}
          </Button>
        </Stack>
        <SendingRefusal error={resend.error} />
      </CardContent>
    </Card>
  );
}

/** The dashboard's funnel: a card per started action (guests, sent, delivered, read, answered, failed, by channel). */
export function MessageFunnelCards({ eventId, enabled }: { eventId: string; enabled: boolean }) {
  const funnel = useMessageFunnel(eventId, enabled).data;
  // Only actions that started: a card of zeros for every later round says nothing.
  const started = funnel?.actions.filter((action) => action.frozen > 0) ?? [];
  if (started.length === 0) return null;
  return (
    <Grid container spacing={3} sx={{ mt: 1 }} id="message-funnel" data-testid="message-funnel">
      {started.map((action) => (
        <Grid key={action.action} size={{ xs: 12, md: 6 }}>
          {action.action === 'calls' ? <CallFunnel eventId={eventId} funnel={action} /> : <ActionFunnel eventId={eventId} funnel={action} />}
        </Grid>
      ))}
    </Grid>
  );
}
