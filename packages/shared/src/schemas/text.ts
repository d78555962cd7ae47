import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * Characters no free text may hold:
 * - C0 controls (U+0000–U+001F, NUL included: PostgreSQL refuses it), DEL and the C1 controls (U+007F–U+009F);
 * - U+2028/U+2029, line and paragraph separators that act as newlines in some renderers;
 * - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text around
 *   them, so a name could show in an e-mail or a guest list as something else than what it is;
 * - lone surrogates (not text at all).
 * The marks U+200E/U+200F (LRM/RLM) and U+061C (ALM) stay allowed: keyboards put them in mixed
 * Hebrew/Arabic and Latin text, and they only set the direction of one spot, never of the text after it.
 * Zero-width joiners stay allowed too (emoji, Arabic and Indic shaping).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_IN_LINES = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` is safe single-line text (or multi-line text with `lines`). */
export const isSafeText = (value: string, options: { lines?: boolean } = {}): boolean =>
  !(options.lines ? FORBIDDEN_IN_LINES : FORBIDDEN_IN_LINE).test(value);

export interface TextOptions {
  /** Characters after trimming; 0 allows empty text. Default 1 (required). */
  min?: number;
  max: number;
}

const lengthChecked = (schema: z.ZodString, { min = 1, max }: TextOptions) => {
  let checked = schema;
  if (min > 0) checked = checked.min(1, MSG.required);
  if (min > 1) checked = checked.min(min, MSG.minChars(min));
  return checked.max(max, MSG.maxChars(max));
};

/** A trimmed one-line text people type (a name, a title): no control or bidi-override characters. */
export const singleLineText = (options: TextOptions) =>
  lengthChecked(z.string({ error: MSG.required }).trim(), options).refine((value) => isSafeText(value), MSG.invalidCharacters);

/**
 * A trimmed text that may have lines (comments, notes): like `singleLineText`, and newlines are allowed
 * (CRLF and CR arrive as LF).
 */
export const multiLineText = (options: TextOptions) =>
  lengthChecked(z.string({ error: MSG.required }).trim().overwrite((value) => value.replace(/\r\n?/g, '\n')), options).refine(
    (value) => isSafeText(value, { lines: true }),
    MSG.invalidCharacters,
  );
