import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { EarlyRequest } from './first-screen/early-requests';
import { wireGlobalErrorHandlers } from './global-error-handlers';
import { initI18n } from './i18n';
import { syncLanguageToAccount } from './language-sync';
import { AppProviders } from './providers/app-providers';
import { AppRouterProvider } from './routing/app-router-provider';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

/** The app itself, started by the entry (main.tsx) with the requests it sent ahead. */
export const start = async (early: EarlyRequest[]): Promise<void> => {
  // The module comes with the screen's code, and hands the answers over as soon as it is evaluated: before the
  // router, which waits for the same code, renders the screen. Without the hand-over the screens ask themselves.
  if (early.length) {
    void import('./first-screen/seed-queries').then(
      ({ seedFirstQueries }) => seedFirstQueries(queryClient, early),
      () => undefined,
    );
  }
  await initI18n();
  syncLanguageToAccount();
  const router = createAppRouter();
  wireGlobalErrorHandlers((to, options) => router.navigate(to, options));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
};
