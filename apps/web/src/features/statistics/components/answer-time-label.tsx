import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatAnswerTime, formatFullTime } from '../answer-time';

/** When an answer came, in words or DD/MM, with the full date and time on hover. */
export function AnswerTimeLabel({ iso, now }: { iso: string; now: Date }) {
  const { i18n } = useTranslation();
  const { text, isDate } = formatAnswerTime(iso, i18n.language, now);
  return (
    <time dateTime={iso} title={formatFullTime(iso, i18n.language)}>
      {isDate ? <Ltr>{text}</Ltr> : text}
    </time>
  );
}
