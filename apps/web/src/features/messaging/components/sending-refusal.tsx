import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isLang, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { Ltr } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { translateMessage } from '../../../i18n/translate-message';
import { formatLocalDateTime } from '../format-local';

/** The refusal's next allowed moment (OUTSIDE_SENDING_HOURS), if that is what the error is. */
const nextAllowedOf = (error: unknown): string | null =>
  isApiError(error) && error.code === 'OUTSIDE_SENDING_HOURS' && typeof error.details.nextAllowed === 'string' ? error.details.nextAllowed : null;

/** A refused start, move or resend; outside the sending hours with the next possible time (and a button to use it). */
export function SendingRefusal({ error, onUse }: { error: unknown; onUse?: (nextAllowed: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  if (!error) return null;
  const next = nextAllowedOf(error);
  const issue = isApiError(error) ? error.issues[0] : undefined;
  return (
    <Alert
      severity="error"
      sx={{ mt: 1 }}
      data-testid="timing-error"
      action={
        next && onUse ? (
          <Button color="inherit" size="small" onClick={() => onUse(next)}>
            {t('messaging.timing.useNext')}
          </Button>
        ) : undefined
      }
    >
      <div>{issue ? translateMessage(t, issue.message) : translateError(t, error)}</div>
      {next ? (
        <div>
          {t('messaging.timing.nextAllowed', { time: '' })}
          <Ltr>{formatLocalDateTime(lang, next)}</Ltr>
        </div>
      ) : null}
    </Alert>
  );
}

