import type { ReactNode } from 'react';
import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from '../../components/toast-host';
import { appAbility } from '../ability';
import { i18n } from '../i18n';
import { queryClient } from '../query-client';
import { AppThemeProvider } from './theme-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider value={appAbility}>
          <AppThemeProvider>
            {children}
            <ToastHost />
          </AppThemeProvider>
        </AbilityProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
