import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatShekels } from '../format-money';

/** An amount in agorot as shekels, isolated left to right so RTL text around it cannot reorder it. */
export function Money({ agorot }: { agorot: number }) {
  const { i18n } = useTranslation();
  return <Ltr>{formatShekels(agorot, i18n.language)}</Ltr>;
}
