import type { ReactNode } from 'react';

/**
 * Left-to-right islands inside Hebrew or Arabic text: e-mail addresses, phones, URLs, numbers and ranges.
 * `<bdi dir="ltr">` isolates the token so the surrounding RTL text cannot reorder it ("4–20" stays 4–20), and
 * as an inline block it moves whole to the next line instead of wrapping at the hyphen of an address; only a
 * token longer than the whole line wraps (anywhere), so nothing is clipped.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="ltr-token" style={{ unicodeBidi: 'isolate', display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}>
      {children}
    </bdi>
  );
}

/** Unicode isolates for places that take plain strings (document.title, aria-label, input placeholders). */
export const isolateLtr = (token: string): string => `\u2066${token}\u2069`;

/** The components map for i18next's `<Trans>`: `<ltr>{{email}}</ltr>` in a translation isolates the value. */
export const bidiComponents = { ltr: <Ltr>{null}</Ltr> };

/**
 * THE way to show text a person wrote (an event's name, a venue, a guest's or a group's name, a note, a pickup
 * point): `<bdi dir="auto">` gives it its own direction from its first strong letter and isolates it, so a
 * Hebrew venue with quotation marks (`אולמי "הגן הקסום"`) keeps its marks at the right ends on an English
 * page, and an English name inside Hebrew text does not pull the words around it.
 */
export function UserText({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <bdi dir="auto" lang={lang} className="user-text">
      {children}
    </bdi>
  );
}

/** First-strong isolates around a person's text, for places that take plain strings (aria-label, title). */
export const isolateUserText = (text: string): string => `\u2068${text}\u2069`;

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

/**
 * The direction of a person's text by its first strong letter (as `dir="auto"` decides), for a line built of
 * several isolated parts: `dir="auto"` on the line itself does not look inside its parts' own `<bdi>`s.
 */
export const textDirection = (text: string): 'rtl' | 'ltr' | undefined => {
  for (const char of text) {
    if (STRONG_RTL.test(char)) return 'rtl';
    if (STRONG_LTR.test(char)) return 'ltr';
  }
  return undefined;
};
