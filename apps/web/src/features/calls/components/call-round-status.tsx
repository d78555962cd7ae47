import CallIcon from '@mui/icons-material/PhoneOutlined';
import CallEndIcon from '@mui/icons-material/CallEnd';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import MissedIcon from '@mui/icons-material/PhoneMissedOutlined';
import RingingIcon from '@mui/icons-material/PhoneInTalkOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import BlockIcon from '@mui/icons-material/Block';
import type { SvgIconComponent } from '@mui/icons-material';
import type { CallAttemptResult, CallReportItem, CallResult, GuestMessage } from '@magiim/shared';
import type { TFunction } from 'i18next';
import type { Tone } from '../../messaging/components/tone-chip';
import { reasonText } from '../../messaging/components/reason-text';

/** Spec §3: the call's colour is teal. */
export const CALL_TEAL = '#00796b';
export const CALL_ICON: SvgIconComponent = CallIcon;

/**
 * The guest's call as the host reads it, from the call's outbox row (state, reason): queued → waiting (queued again
 * after a try, with that try's reason → waiting for the next try, as the report says), sent → calling (a call on
 * the wire), delivered → answered,
 * failed with reason noAnswer → no answer after 3 tries, failed → failed, skipped → not called.
 */
export const callResultOf = (message: Pick<GuestMessage, 'state' | 'reason'>): CallResult => {
  switch (message.state) {
    case 'queued':
      return message.reason ? 'retrying' : 'queued';
    case 'sent':
      return 'calling';
    case 'delivered':
    case 'read':
      return 'answered';
    case 'failed':
      return message.reason === 'noAnswer' ? 'noAnswer' : 'failed';
    case 'skipped':
      return 'skipped';
  }
};

/** Each result's mark and chip tone (never colour alone: each has its own icon and words). */
export const CALL_RESULT_LOOK: Record<CallResult, { icon: SvgIconComponent; color: string; tone: Tone }> = {
  queued: { icon: ScheduleIcon, color: '#6b6475', tone: 'neutral' },
  calling: { icon: RingingIcon, color: CALL_TEAL, tone: 'info' },
  retrying: { icon: ScheduleIcon, color: CALL_TEAL, tone: 'info' },
  answered: { icon: CheckIcon, color: '#2e7d32', tone: 'success' },
  noAnswer: { icon: MissedIcon, color: '#8a5a00', tone: 'warning' },
  failed: { icon: ErrorIcon, color: '#c62828', tone: 'error' },
  skipped: { icon: BlockIcon, color: '#6b6475', tone: 'neutral' },
};

export const ATTEMPT_RESULT_TONE: Record<CallAttemptResult, Tone> = {
  answered: 'success',
  noAnswer: 'warning',
  busy: 'warning',
  failed: 'error',
  voicemail: 'warning',
  silence: 'warning',
  canceled: 'neutral',
};
export const HANG_UP_ICON: SvgIconComponent = CallEndIcon;

/** Reasons the result itself already says (no answer after 3 tries). */
const SAID_BY_RESULT = new Set(['noAnswer']);

/**
 * A call's reason in the host's words: the call's own reasons first, then the messaging ones (opted out, wrong
 * number…), else a code of the phone service (Twilio's 21217, http503…) said as a refusal with its code.
 */
export const callReasonText = (t: TFunction, reason: string): string => {
  const own = t(`callRound.reasons.${reason}`, { defaultValue: '' });
  if (own) return own;
  // A messaging reason only where it has words of its own; its "not delivered" fallback would hide the phone service's code.
  const known = t(`messaging.reasons.${reason}`, { defaultValue: '' });
  return known ? reasonText(t, reason) : t('callRound.reasons.provider', { code: reason });
};

/** "Call: no answer after 3 tries" / "Call: not called, reason: already answered" for the title and the screen reader. */
export const describeCall = (t: TFunction, call: { result: CallResult; reason: string | null }): string => {
  const text = t('callRound.progress.label', { result: t(`callRound.results.${call.result}`) });
  if (!call.reason || SAID_BY_RESULT.has(call.reason) || (call.result !== 'failed' && call.result !== 'skipped')) return text;
  return `${text}, ${t('callRound.progress.reason', { reason: callReasonText(t, call.reason) })}`;
};

/** An attempt's result; null while the call is still going. */
export const attemptResultText = (t: TFunction, result: CallAttemptResult | null): string => t(`callRound.attemptResults.${result ?? 'inProgress'}`);

/** "1:05" (minutes:seconds) or "45 s": written with digits only, shown isolated. */
export const formatDuration = (t: TFunction, seconds: number | null): string | null => {
  if (seconds === null) return null;
  if (seconds < 60) return t('callRound.report.seconds', { count: seconds });
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** "Coming, 2 people" / "Not coming" / "Not sure", or null without a keypad answer. */
export const answerText = (t: TFunction, answer: CallReportItem['answer']): string | null => {
  if (!answer) return null;
  if (answer.status === 'approved' && answer.attending !== null) return t('callRound.answers.approvedCount', { count: answer.attending });
  return t(`callRound.answers.${answer.status}`);
};
