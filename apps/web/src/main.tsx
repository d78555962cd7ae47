// Self-hosted faces; each file covers one script (unicode-range), so a page loads only the scripts it shows.
import '@fontsource-variable/rubik';
import '@fontsource-variable/noto-sans-arabic';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { wireGlobalErrorHandlers } from './app/global-error-handlers';
import { initI18n } from './app/i18n';
import { syncLanguageToAccount } from './app/language-sync';
import { currentPlatform } from './app/platform';
import { AppProviders } from './app/providers/app-providers';
import { createAppRouter } from './app/router';
import { markHostBrowser, readSession } from './app/session';

const start = async (): Promise<void> => {
  // Read `?platform=` before the router may rewrite the address.
  currentPlatform();
  await initI18n();
  syncLanguageToAccount();
  // Sessions stored before the host mark existed get it too.
  markHostBrowser(readSession()?.userData.id ?? null);
  const router = createAppRouter();
  wireGlobalErrorHandlers((to, options) => router.navigate(to, options));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
};

void start();
