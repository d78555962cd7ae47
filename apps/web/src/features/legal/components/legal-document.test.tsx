import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { PrivacyPage } from '../pages/privacy-page';
import { TermsPage } from '../pages/terms-page';

beforeAll(async () => {
  await initI18n();
});

const render = (path: '/terms' | '/privacy') => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['config'], { googleClientId: null, supportEmail: 'help@example.com', devMailbox: false });
  const router = createMemoryRouter(
    [
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
    ],
    { initialEntries: [path] },
  );
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
};

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('legal pages', () => {
  it('shows the terms with one h1, section h2s, the update date and links to privacy and support', async () => {
    await setLanguage('en');
    const html = render('/terms');
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('>Terms of use</h1>');
    expect(count(html, /<h2[\s>]/g)).toBe(7);
    expect(count(html, /<h[3-6][\s>]/g)).toBe(0);
    expect(html).toContain('<time dateTime="2026-11-22">November 22, 2026</time>');
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('href="mailto:help@example.com"');
    expect(html).toContain('Consumer Protection Law, 1981');
  });

  it('shows the privacy policy in Hebrew with a link back to the terms', async () => {
    await setLanguage('he');
    const html = render('/privacy');
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('>מדיניות פרטיות</h1>');
    expect(count(html, /<h2[\s>]/g)).toBe(8);
    expect(html).toContain('href="/terms"');
    expect(html).toContain('href="mailto:help@example.com"');
    expect(html).toContain('2026');
  });
});
