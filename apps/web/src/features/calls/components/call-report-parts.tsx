import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CallReportItem, CallResult, Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatInstant } from '../../messaging/format-local';
import { ToneChip, TONES } from '../../messaging/components/tone-chip';
import { ATTEMPT_RESULT_TONE, attemptResultText, CALL_RESULT_LOOK, callReasonText, formatDuration } from './call-round-status';

/** "14:30" of the next try (its local time in Asia/Jerusalem, as the report gives it), isolated in any direction. */
export const nextTryTime = (nextAttemptAt: string): string => `\u2066${nextAttemptAt.slice(11, 16)}\u2069`;

/**
 * The guest's call result as a chip (its own icon and words); the reason of a failed or skipped call under it. A
 * guest waiting for the next try reads "Next try at 14:30" when the report knows the time.
 */
export function CallResultChip({ result, reason, nextAttemptAt = null }: { result: CallResult; reason: string | null; nextAttemptAt?: string | null }) {
  const { t } = useTranslation();
  const look = CALL_RESULT_LOOK[result];
  const Icon = look.icon;
  const label = result === 'retrying' && nextAttemptAt ? t('callRound.results.retryAt', { time: nextTryTime(nextAttemptAt) }) : t(`callRound.results.${result}`);
  const why = reason && reason !== 'noAnswer' && (result === 'failed' || result === 'skipped') ? callReasonText(t, reason) : null;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25, flexShrink: 0 }}>
      <ToneChip tone={look.tone} icon={<Icon />} label={label} data-testid="call-result" data-result={result} />
      {why ? (
        <Typography variant="caption" color="text.secondary" data-testid="call-reason">
          {why}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Each try on its own line: "Try 1 · Sun, 12 Mar, 10:05 · 0:42 · Picked up". */
export function CallAttemptList({ attempts, lang }: { attempts: CallReportItem['attempts']; lang: Lang }) {
  const { t } = useTranslation();
  if (attempts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('callRound.report.noAttempts')}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }} data-testid="call-attempts">
      {attempts.map((attempt) => {
        // A call nobody talked on (busy, no answer: 0 s) shows no length.
        const duration = attempt.durationSeconds ? formatDuration(t, attempt.durationSeconds) : null;
        const tone = attempt.result ? TONES[ATTEMPT_RESULT_TONE[attempt.result]] : TONES.info;
        return (
          <Box
            component="li"
            key={attempt.attempt}
            data-testid="call-attempt"
            data-result={attempt.result ?? 'inProgress'}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25, typography: 'body2' }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t('callRound.history.attempt', { attempt: attempt.attempt })}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              <Ltr>{formatInstant(lang, attempt.startedAt)}</Ltr>
            </Box>
            {duration ? (
              <Box component="span" sx={{ color: 'text.secondary' }} title={t('callRound.report.duration')}>
                {/* "1:05" isolated; "45 sec" reads in the page's direction. */}
                {attempt.durationSeconds !== null && attempt.durationSeconds >= 60 ? <Ltr>{duration}</Ltr> : duration}
              </Box>
            ) : null}
            <Box component="span" sx={{ color: tone.color, bgcolor: tone.bg, px: 0.75, borderRadius: 999, fontSize: '0.8125rem', fontWeight: 500 }}>
              {attemptResultText(t, attempt.result)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
