import { lazy, Suspense, useState } from 'react';
import { useToast } from './toast-store';

// The Snackbar (with its transition and click-away code) is not on the first screens: it loads with the first toast.
const ToastSnackbar = lazy(async () => ({ default: (await import('./toast-snackbar')).ToastSnackbar }));

export function ToastHost() {
  const toast = useToast();
  const [needed, setNeeded] = useState(false);
  // Once a toast has shown the snackbar stays mounted, so its closing transition plays.
  if (toast !== null && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastSnackbar />
    </Suspense>
  ) : null;
}
