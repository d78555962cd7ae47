import { useSyncExternalStore } from 'react';

export type ToastSeverity = 'success' | 'info' | 'error';

export interface Toast {
  id: number;
  /** A translation key, translated when shown so a language switch applies. */
  messageKey: string;
  /** Interpolation values for the message. */
  params?: Record<string, string | number>;
  severity: ToastSeverity;
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

const emit = (): void => {
  for (const listener of listeners) listener();
};

export const showToast = (
  messageKey: string,
  severity: ToastSeverity = 'error',
  params?: Record<string, string | number>,
): void => {
  current = { id: nextId++, messageKey, severity, params };
  emit();
};

export const dismissToast = (): void => {
  current = null;
  emit();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToast = (): Toast | null => useSyncExternalStore(subscribe, () => current, () => null);
