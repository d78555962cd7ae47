import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from './bidi';

/** Hebrew and Arabic letters (with presentation forms): a value holding one is a person's text, not a token. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

type Values = Record<string, string | number>;
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A value in its own island: tokens (e-mails, numbers, URLs, Latin names) left to right; a value with Hebrew or
 * Arabic letters (a venue, a name) in its own direction, so its quotation marks and digits stay in place.
 */
const isolatedValue = (value: string, key: number): ReactNode =>
  RTL_LETTER.test(value) ? <UserText key={key}>{value}</UserText> : <Ltr key={key}>{value}</Ltr>;

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
    index % 2 === 1 ? isolatedValue(String(values[names[Number(part)] as string]), index) : <Fragment key={index}>{part}</Fragment>,
  );
};

/** `const ti = useIsolatedT(); ti('auth.forgot.sent', { email })`. */
export const useIsolatedT = () => {
  const { t } = useTranslation();
  return (key: string, values: Values): ReactNode => isolateValues((k, v) => t(k, v), key, values);
};
