import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import PlayIcon from '@mui/icons-material/PlayArrow';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import ReportIcon from '@mui/icons-material/ListAlt';
import {
  isLang,
  MESSAGE_ACTIONS,
  type ActionState,
  type ActionTiming,
  type Lang,
  type MessageAction,
  type TimedAction,
} from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { eventRightsOf } from '../../cohosts/event-rights';
import { markSetupSeen } from '../setup-steps';
import { useHashPopup } from '../../../app/routing/use-hash-popup';
import { ConfirmDialog } from '../../guests/components/confirm-dialog';
import { useActionPreview, useActionTiming, usePatchTiming, usePauseSending, useStartAction } from '../api';
import { SendAtPicker } from '../components/send-at-picker';
import { SendingRefusal } from '../components/sending-refusal';
import { ToneChip, type Tone } from '../components/tone-chip';
import { formatInstant } from '../format-local';

const STATE_TONE: Record<ActionState, Tone> = { scheduled: 'info', running: 'warning', done: 'success', disabled: 'neutral' };
const isMessageAction = (action: TimedAction): action is MessageAction => (MESSAGE_ACTIONS as readonly string[]).includes(action);

function ActionRow({ timing, paid, paused, onStart }: { timing: ActionTiming; paid: boolean; paused: boolean; onStart: (action: TimedAction) => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  const event = useEvent();
  const patch = usePatchTiming(event.id);
  const [sendAt, setSendAt] = useState(timing.sendAt);
  const [enabled, setEnabled] = useState(timing.enabled);
  const locked = timing.state === 'running' || timing.state === 'done';
  const dirty = sendAt !== timing.sendAt || enabled !== timing.enabled;
  const save = (next = { sendAt, enabled }) =>
    patch.mutate({ actions: [{ action: timing.action, ...next }] }, { onSuccess: () => showToast('messaging.timing.saved', 'success') });
  const label = t(`messaging.actions.${timing.action}`);
  const isCalls = timing.action === 'calls';
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid={`timing-${timing.action}`} component="section" aria-label={label}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Box sx={{ flex: '1 1 30%', minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
            <ToneChip
              tone={STATE_TONE[timing.state]}
              label={isCalls && timing.state === 'running' ? t('callRound.report.state.running') : t(`messaging.timing.state.${timing.state}`)}
              data-testid="action-state"
              data-state={timing.state}
            />
            {timing.startedAt ? (
              <Typography variant="caption" color="text.secondary">
                {t('messaging.timing.startedAt', { time: '' })}
                <Ltr>{formatInstant(lang, timing.startedAt)}</Ltr>
              </Typography>
            ) : null}
          </Stack>
        </Box>
        <Box sx={{ flex: '1 1 35%', minWidth: 220 }}>
          <SendAtPicker name={`sendAt-${timing.action}`} label={t('messaging.timing.sendDate')} value={sendAt} onChange={setSendAt} disabled={locked} />
        </Box>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ flex: '1 1 35%' }}>
          <FormControlLabel
            control={<Switch checked={enabled} disabled={locked} onChange={(e) => setEnabled(e.target.checked)} />}
            label={t('messaging.timing.enabled')}
          />
          {dirty ? (
            <Button variant="outlined" size="small" onClick={() => save()} disabled={patch.isPending} data-testid="save-timing">
              {t('messaging.timing.save')}
            </Button>
          ) : null}
          {isMessageAction(timing.action) && timing.state === 'scheduled' ? (
            <Button variant="outlined" size="small" startIcon={<PlayIcon />} disabled={!paid || paused} onClick={() => onStart(timing.action)} data-testid="start-action">
              {t('messaging.timing.start')}
            </Button>
          ) : null}
          {isCalls && timing.state === 'scheduled' ? (
            <Button variant="outlined" size="small" startIcon={<PhoneIcon />} disabled={!paid || paused} onClick={() => onStart('calls')} data-testid="start-action">
              {t('callRound.timing.start')}
            </Button>
          ) : null}
          {isCalls && timing.state !== 'scheduled' && timing.state !== 'disabled' ? (
            <Button component={RouterLink} to={`/event/${event.id}/call-messages#call-report`} size="small" startIcon={<ReportIcon />} data-testid="call-report-link">
              {t('callRound.timing.report')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {timing.action === 'saveTheDate' ? (
        <Typography variant="body2" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="save-the-date-hint">
          {t('messaging.timing.saveTheDateHint')}
        </Typography>
      ) : null}
      {timing.action === 'thanks' ? (
        <Box sx={{ mt: 1 }} data-testid="thanks-only-givers">
          {/* Issue 32: saved at once with the row's saved time and switch (an unsaved time change stays unsaved). */}
          <FormControlLabel
            control={
              <Switch
                checked={timing.onlyGivers ?? false}
                disabled={locked || patch.isPending}
                onChange={(e) =>
                  patch.mutate(
                    { actions: [{ action: 'thanks', sendAt: timing.sendAt, enabled: timing.enabled, onlyGivers: e.target.checked }] },
                    { onSuccess: () => showToast('messaging.timing.saved', 'success') },
                  )
                }
                slotProps={{ input: { 'aria-describedby': 'thanks-only-givers-hint', ...({ 'data-testid': 'thanks-only-givers-switch' } as object) } }}
              />
            }
            label={t('messaging.timing.onlyGivers')}
          />
          <Typography variant="body2" color="text.secondary" id="thanks-only-givers-hint">
            {t('messaging.timing.onlyGiversHint')}
          </Typography>
        </Box>
      ) : null}
      {isCalls ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="call-window">
          {t('callRound.timing.window')}
        </Typography>
      ) : null}
      <SendingRefusal
        error={patch.error}
        onUse={(next) => {
          setSendAt(next);
          save({ sendAt: next, enabled });
        }}
      />
    </Card>
  );
}

function StartDialog({ action, onClose }: { action: TimedAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const event = useEvent();
  const calls = action === 'calls';
  // The call round has no message preview: it calls whoever has not answered when it starts.
  const preview = useActionPreview(event.id, action && isMessageAction(action) ? action : null);
  const start = useStartAction(event.id);
  // Refused outside the sending hours: "use this time" schedules the action at the next allowed moment instead.
  const schedule = usePatchTiming(event.id);
  const data = preview.data;
  return (
    <ConfirmDialog
      open={action !== null}
      title={calls ? t('callRound.timing.title') : action ? t('messaging.timing.startTitle', { action: t(`messaging.actions.${action}`) }) : ''}
      confirmLabel={calls ? t('callRound.timing.confirm') : t('messaging.timing.startConfirm')}
      cancelLabel={t('messaging.timing.cancel')}
      busy={start.isPending || schedule.isPending || (!calls && preview.isPending)}
      onConfirm={() => action && start.mutate(action, { onSuccess: onClose })}
      onClose={() => {
        start.reset();
        schedule.reset();
        onClose();
      }}
    >
      <Box data-testid="start-preview">
        {calls ? (
          t('callRound.timing.body')
        ) : preview.isPending ? (
          <CircularProgress size={24} aria-label={t('messaging.timing.start')} />
        ) : data ? (
          data.recipients === 0 ? (
            t('messaging.timing.startNone')
          ) : (
            t('messaging.timing.startBody', { recipients: data.recipients, messages: data.messages, smsMessages: data.smsMessages, smsParts: data.smsParts })
          )
        ) : (
          translateError(t, preview.error)
        )}
        <SendingRefusal
          error={schedule.error ?? start.error}
          onUse={(next) => {
            if (!action) return;
            schedule.mutate(
              { actions: [{ action, sendAt: next, enabled: true }] },
              {
                onSuccess: () => {
                  showToast('messaging.timing.saved', 'success');
                  start.reset();
                  onClose();
                },
              },
            );
          }}
        />
      </Box>
    </ConfirmDialog>
  );
}

/** `/event/:id/guest/timing`: when each action goes, switches, start now, and pause for the whole event. */
export function ActionTimingPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const query = useActionTiming(event.id);
  useEffect(() => markSetupSeen(event.id, 'timings'), [event.id]);
  const pause = usePauseSending(event.id);
  // The send-now question on the hash (`#action-start/<action>`, app/routing/use-hash-popup.ts): back closes it.
  const startDialog = useHashPopup('action-start');
  const paid = event.progressStatus > 0;
  const showCalls = event.includeCallsPreference && event.orderPackageId !== 1;
  const data = query.data;
  const actions = data?.actions.filter((item) => item.action !== 'calls' || showCalls) ?? [];
  const starting = actions.find((item) => item.action === startDialog.param)?.action ?? null;

  return (
    <>
      <PageHeading>{t('messaging.timing.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('messaging.timing.intro')}
      </Typography>
      {data?.sendingHours !== 'always' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="quiet-hours">
          {t('messaging.timing.quietHours')}
        </Alert>
      ) : null}
      {!paid ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="timing-unpaid"
          action={
            eventRightsOf(event.role).canPay ? (
              <Button component={RouterLink} to={`/pricing/${event.id}`} color="inherit" size="small" data-testid="timing-buy">
                {t('messaging.timing.buy')}
              </Button>
            ) : null
          }
        >
          {t('messaging.timing.unpaid')}
          {eventRightsOf(event.role).canPay ? null : ` ${t('billing.ownerOnly')}`}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
            <Button
              variant={data.paused ? 'contained' : 'outlined'}
              color={data.paused ? 'primary' : 'inherit'}
              startIcon={data.paused ? <PlayIcon /> : <PauseIcon />}
              onClick={() => pause.mutate(!data.paused)}
              disabled={pause.isPending}
              data-testid="pause-sending"
            >
              {data.paused ? t('messaging.timing.resume') : t('messaging.timing.pause')}
            </Button>
            {data.paused ? (
              <Typography color="warning.dark" role="status">
                {t('messaging.timing.pausedNote')}
              </Typography>
            ) : null}
          </Stack>
          {pause.error ? <Alert severity="error">{translateError(t, pause.error)}</Alert> : null}
          <Stack spacing={2}>
            {actions.map((timing) => (
              <ActionRow key={`${timing.action}:${timing.sendAt}:${timing.enabled}:${timing.state}`} timing={timing} paid={paid} paused={data.paused} onStart={(action: TimedAction) => startDialog.show(action)} />
            ))}
          </Stack>
        </>
      ) : query.error ? (
        <Alert severity="error">{t('messaging.timing.loadFailed')}</Alert>
      ) : (
        <CircularProgress aria-label={t('messaging.timing.title')} />
      )}
      <StartDialog action={starting} onClose={startDialog.close} />
    </>
  );
}
