import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/**
 * Popups tied to the URL hash (spec §2: one hash segment per open popup).
 *
 * Format: segments joined by `&`, the last one on top; a segment is a popup's name, optionally followed by `/`
 * and one parameter (URI-encoded): `#guest-delete/7b1c…`, `#paste&guest-delete/7b1c…`. A name is lower-case
 * letters, digits and hyphens, so an in-page anchor (`#waiting-guests`) reads as a segment no popup claims and
 * survives popups opened over it.
 *
 * Opening pushes a history entry marked in its state; closing the top popup of such an entry goes back (pops
 * it), so the back button and the close button leave the same history. A popup reached from a shared link or
 * with other popups over it is closed by replacing the entry. A reload keeps the hash and the history state,
 * so the popup reopens and closing it still pops.
 */
export interface HashPopup {
  name: string;
  param?: string;
}

export const HASH_POPUP_SEPARATOR = '&';
const NAME = /^[a-z0-9][a-z0-9-]*$/;

export const parsePopupHash = (hash: string): HashPopup[] =>
  hash
    .replace(/^#/, '')
    .split(HASH_POPUP_SEPARATOR)
    .filter(Boolean)
    .flatMap((segment): HashPopup[] => {
      const slash = segment.indexOf('/');
      const name = slash === -1 ? segment : segment.slice(0, slash);
      if (!NAME.test(name)) return [];
      if (slash === -1) return [{ name }];
      try {
        const param = decodeURIComponent(segment.slice(slash + 1));
        return param ? [{ name, param }] : [{ name }];
      } catch {
        return [{ name }];
      }
    });

/** The hash without its `#` ('' when no popup is open). */
export const formatPopupHash = (popups: HashPopup[]): string =>
  popups.map(({ name, param }) => (param ? `${name}/${encodeURIComponent(param)}` : name)).join(HASH_POPUP_SEPARATOR);

/** Opens (or moves to the top, with its new parameter) one popup. */
export const withPopup = (popups: HashPopup[], popup: HashPopup): HashPopup[] => [
  ...popups.filter((open) => open.name !== popup.name),
  popup.param ? { name: popup.name, param: popup.param } : { name: popup.name },
];

export const withoutPopup = (popups: HashPopup[], name: string): HashPopup[] => popups.filter((open) => open.name !== name);

/** What the history entry of an opened popup carries (kept by the browser across a reload). */
export interface HashPopupState {
  hashPopup: string;
}

const openedHere = (state: unknown, name: string): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<HashPopupState>).hashPopup === name;

export type ClosePlan = { kind: 'none' } | { kind: 'back' } | { kind: 'replace'; hash: string };

/** Closing pops the entry its own opening pushed; otherwise it replaces the entry with the popup left out. */
export const planPopupClose = (hash: string, state: unknown, name: string): ClosePlan => {
  const popups = parsePopupHash(hash);
  if (!popups.some((popup) => popup.name === name)) return { kind: 'none' };
  if (popups.at(-1)?.name === name && openedHere(state, name)) return { kind: 'back' };
  return { kind: 'replace', hash: formatPopupHash(withoutPopup(popups, name)) };
};

export const planPopupOpen = (hash: string, name: string, param?: string): { hash: string; state: HashPopupState } | null => {
  const popups = parsePopupHash(hash);
  const top = popups.at(-1);
  if (top?.name === name && (top.param ?? undefined) === (param || undefined)) return null;
  return { hash: formatPopupHash(withPopup(popups, { name, param })), state: { hashPopup: name } };
};

export interface HashPopupControl {
  open: boolean;
  /** The segment's parameter (`#guest-delete/<id>` → the id), null without one. */
  param: string | null;
  show: (param?: string) => void;
  close: () => void;
}

/** One named popup on the hash: `open` follows the address, `show` pushes its segment, `close` pops it. */
export const useHashPopup = (name: string): HashPopupControl => {
  const location: Location = useLocation();
  const navigate = useNavigate();
  const entry = parsePopupHash(location.hash).find((popup) => popup.name === name);
  // A dialog may report its close twice (backdrop, then its button) before the address changes: go back once.
  const leaving = useRef<string | null>(null);

  const show = useCallback(
    (param?: string) => {
      const plan = planPopupOpen(location.hash, name, param);
      if (plan) void navigate({ pathname: location.pathname, search: location.search, hash: plan.hash }, { state: plan.state });
    },
    [location.hash, location.pathname, location.search, name, navigate],
  );

  const close = useCallback(() => {
    if (leaving.current === location.key) return;
    const plan = planPopupClose(location.hash, location.state, name);
    if (plan.kind === 'none') return;
    leaving.current = location.key;
    if (plan.kind === 'back') void navigate(-1);
    else void navigate({ pathname: location.pathname, search: location.search, hash: plan.hash }, { replace: true, state: location.state as unknown });
  }, [location.hash, location.key, location.pathname, location.search, location.state, name, navigate]);

  return { open: Boolean(entry), param: entry?.param ?? null, show, close };
};
