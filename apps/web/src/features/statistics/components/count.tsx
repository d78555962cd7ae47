import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatCount } from '../../events/format-event';

/** A count as the dashboard shows it (1.2k from 1,000, spec §9), isolated from the RTL text around it. */
export function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <Ltr>{formatCount(value, i18n.language)}</Ltr>;
}
