import type { Params } from './texts';

/** The one message at the foot of the page (the SPA's toast): a key, translated when shown, and its values. */
export interface ToastMessage {
  key: string;
  params?: Params;
}

type Listener = (toast: ToastMessage | null) => void;
const listeners = new Set<Listener>();

/** Called from outside React (the API client's global handlers). */
export const showToast = (key: string, params?: Params): void => {
  for (const listener of listeners) listener({ key, params });
};

export const subscribeToasts = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
