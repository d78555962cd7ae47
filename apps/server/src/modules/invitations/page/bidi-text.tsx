import type { ReactNode } from 'react';
import { splitTemplate } from './page-texts.js';

/** Numbers, times, phones and other left-to-right tokens that RTL text must not reorder ("19:30", "3"). */
const LTR_TOKEN = /^[\d\s:+()./,-]+$/;

/**
 * A text with its `{{values}}` each in its own `<bdi>`: numbers and phones forced left to right, names
 * isolated in their own direction, so a Hebrew name in an English sentence (or the reverse) reads right.
 */
export const TextWith = ({ template, values }: { template: string; values: Record<string, string | number> }) => (
  <>
    {splitTemplate(template).map((part, index): ReactNode => {
      if (index % 2 === 0) return part;
      const value = values[part] ?? '';
      const ltr = typeof value === 'number' || LTR_TOKEN.test(value);
      return ltr ? (
        <bdi key={index} dir="ltr">
          {value}
        </bdi>
      ) : (
        <bdi key={index}>{value}</bdi>
      );
    })}
  </>
);
