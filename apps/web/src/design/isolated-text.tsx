import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from './bidi';

type Values = Record<string, string | number>;
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * Translates `key` with every interpolated value (an e-mail address, a number, a URL) set in its own
 * left-to-right island, so Hebrew or Arabic around it cannot reorder or break it.
 */
export const isolateValues = (translate: (key: string, values: Values) => string, key: string, values: Values): ReactNode => {
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${OPEN}${index}${CLOSE}`]));
  const text = translate(key, marked);
  const parts = text.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  return parts.map((part, index) =>
    index % 2 === 1 ? <Ltr key={index}>{String(values[names[Number(part)] as string])}</Ltr> : <Fragment key={index}>{part}</Fragment>,
  );
};

/** `const ti = useIsolatedT(); ti('auth.forgot.sent', { email })`. */
export const useIsolatedT = () => {
  const { t } = useTranslation();
  return (key: string, values: Values): ReactNode => isolateValues((k, v) => t(k, v), key, values);
};
