import Box from '@mui/material/Box';
import BlockIcon from '@mui/icons-material/Block';
import DirectionsIcon from '@mui/icons-material/DirectionsOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import EventIcon from '@mui/icons-material/EventOutlined';
import ErrorIcon from '@mui/icons-material/Error';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import MailIcon from '@mui/icons-material/MailOutline';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { SvgIconComponent } from '@mui/icons-material';
import type { GuestMessage, MessageState } from '@magiim/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ToneChip } from './tone-chip';
import { reasonText } from './reason-text';
import { CALL_RESULT_LOOK, callResultOf, describeCall } from '../../calls/components/call-round-status';

/** Spec §3: invitation success green, direction blue, thanks red, call teal; ours (issue 32): save-the-date purple. */
export const MESSAGE_TYPE_LOOK: Record<GuestMessage['type'], { icon: SvgIconComponent; color: string }> = {
  1: { icon: MailIcon, color: '#2e7d32' },
  2: { icon: DirectionsIcon, color: '#1565c0' },
  3: { icon: FavoriteIcon, color: '#c62828' },
  4: { icon: PhoneIcon, color: '#00796b' },
  5: { icon: EventIcon, color: '#6a1b9a' },
};
/** The types in the order they go: the save-the-date before the invitation. */
export const MESSAGE_TYPE_ORDER: readonly GuestMessage['type'][] = [5, 1, 2, 3, 4];
const typeRank = (type: GuestMessage['type']) => MESSAGE_TYPE_ORDER.indexOf(type);

/** WhatsApp-like marks: a clock, one check, two grey checks, two blue checks; a red mark for failed. */
const STATE_MARK: Record<MessageState, { icon: SvgIconComponent; color: string }> = {
  queued: { icon: ScheduleIcon, color: '#6b6475' },
  sent: { icon: DoneIcon, color: '#6b6475' },
  delivered: { icon: DoneAllIcon, color: '#6b6475' },
  read: { icon: DoneAllIcon, color: '#0277bd' },
  failed: { icon: ErrorIcon, color: '#c62828' },
  skipped: { icon: BlockIcon, color: '#6b6475' },
};

/** Reasons worth saying whatever the state: waiting for tomorrow's WhatsApp tier, sent without a confirmation, given an SMS for want of a delivery. */
const REASONS_ON_ANY_STATE = new Set(['dailyLimit', 'uncertain', 'noDelivery', 'uncertainSms']);

/** "Invitation: read (channel: WhatsApp), reason: …" for the title and the screen reader. */
export const describeMessage = (t: TFunction, message: Pick<GuestMessage, 'type' | 'channel' | 'state' | 'reason'>): string => {
  // A call says what happened to it (calling, answered, no answer after 3 tries, failed), not a message's delivery.
  if (message.type === 4) return describeCall(t, { result: callResultOf(message), reason: message.reason });
  const text = t('messaging.progress.label', {
    type: t(`messaging.types.${message.type}`),
    state: t(`messaging.states.${message.state}`),
    channel: t(`messaging.channels.${message.channel}`),
  });
  if (!message.reason || (message.state !== 'failed' && message.state !== 'skipped' && !REASONS_ON_ANY_STATE.has(message.reason))) return text;
  return `${text}, ${t('messaging.progress.reason', { reason: reasonText(t, message.reason) })}`;
};

/** One mark: the type's icon in its colour with the state's mark beside it. */
export function MessageMark({ message }: { message: GuestMessage }) {
  const { t } = useTranslation();
  const look = MESSAGE_TYPE_LOOK[message.type];
  const call = message.type === 4 ? callResultOf(message) : null;
  const mark = call ? CALL_RESULT_LOOK[call] : STATE_MARK[message.state];
  const label = describeMessage(t, message);
  const TypeIcon = look.icon;
  const StateIcon = mark.icon;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="message-mark"
      data-type={message.type}
      data-state={message.state}
      data-call={call ?? undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1px',
        px: 0.25,
        borderRadius: 1,
        bgcolor: message.state === 'failed' ? 'rgba(198,40,40,0.08)' : call === 'calling' || call === 'retrying' ? 'rgba(0,121,107,0.1)' : undefined,
      }}
    >
      <TypeIcon sx={{ fontSize: 18, color: look.color }} aria-hidden />
      <StateIcon sx={{ fontSize: 14, color: mark.color }} aria-hidden />
    </Box>
  );
}

/** The guest list's progress column: one mark per message type the guest got, and "no messages" after an opt-out. */
export function MessageProgress({ messages, optedOut }: { messages: GuestMessage[]; optedOut: boolean }) {
  const { t } = useTranslation();
  const sorted = [...messages].sort((a, b) => typeRank(a.type) - typeRank(b.type));
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }} data-testid="message-progress">
      {sorted.map((message) => (
        <MessageMark key={message.type} message={message} />
      ))}
      {optedOut ? (
        <ToneChip tone="warning" icon={<BlockIcon />} label={t('messaging.progress.optedOut')} title={t('messaging.progress.optedOutHint')} data-testid="opted-out" />
      ) : null}
    </Box>
  );
}

/** What the progress marks mean: the message types and the states, each mark beside its words. */
export function ProgressLegend() {
  const { t } = useTranslation();
  const types = MESSAGE_TYPE_ORDER;
  const states: MessageState[] = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'];
  const item = (key: string, Icon: SvgIconComponent, color: string, label: string) => (
    <Box component="li" key={key} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Icon sx={{ fontSize: 16, color }} aria-hidden />
      {label}
    </Box>
  );
  return (
    <Box component="section" aria-label={t('messaging.history.legendTitle')} data-testid="progress-legend" sx={{ mt: 1, color: 'text.secondary', fontSize: '0.8125rem' }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {types.map((type) => item(`type-${type}`, MESSAGE_TYPE_LOOK[type].icon, MESSAGE_TYPE_LOOK[type].color, t(`messaging.types.${type}`)))}
        {states.map((state) => item(`state-${state}`, STATE_MARK[state].icon, STATE_MARK[state].color, t(`messaging.states.${state}`)))}
      </Box>
    </Box>
  );
}
