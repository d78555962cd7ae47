import type { PublicConfig } from '@magiim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { statementKeys } from '../statement';
import { AccessibilityPage } from './accessibility-page';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const CONFIG: PublicConfig = {
  googleClientId: null,
  supportEmail: 'help@example.com',
  devMailbox: false,
  googleContacts: null,
  supportWhatsappNumber: null,
  accessibilityContact: null,
  accessibilityContactName: null,
  accessibilityContactPhone: null,
} as PublicConfig;

const render = (config: Partial<PublicConfig> | undefined) => {
  const queryClient = new QueryClient();
  if (config) queryClient.setQueryData(['config'], { ...CONFIG, ...config });
  const router = createMemoryRouter([{ path: '/accessibility', element: <AccessibilityPage /> }], { initialEntries: ['/accessibility'] });
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

describe('accessibility statement', () => {
  it.each(['he', 'en', 'ru', 'ar'] as const)('%s has every text it reads', async (lang) => {
    await setLanguage(lang);
    const missing = statementKeys().filter((key) => !i18n.exists(key, { lng: lang, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it('shows one h1, a section h2 each, the standard, the check month, the answer time and the coordinator', async () => {
    await setLanguage('en');
    const html = render({ accessibilityContact: 'negishut@magiim.example' });
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('>Accessibility statement</h1>');
    expect(count(html, /<h2[\s>]/g)).toBe(6);
    expect(count(html, /<h[3-6][\s>]/g)).toBe(0);
    expect(html).toContain('IS 5568');
    expect(html).toContain('WCAG 2.1');
    expect(html).toContain('in November 2026');
    expect(html).toContain('<time dateTime="2026-11-24">November 24, 2026</time>');
    expect(html).toContain('within 5 business days');
    expect(html).toContain('href="mailto:negishut@magiim.example"');
    expect(html).not.toContain('help@example.com');
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>negishut@magiim\.example<\/bdi>/);
  });

  it('falls back to the support e-mail when no coordinator contact is configured', async () => {
    await setLanguage('he');
    const html = render({ accessibilityContact: null });
    expect(html).toContain('>הצהרת נגישות</h1>');
    expect(html).toContain('בנובמבר 2026');
    expect(html).toContain('href="mailto:help@example.com"');
  });

  it('links a phone contact with tel:', async () => {
    await setLanguage('ar');
    const html = render({ accessibilityContact: '03-555-1234' });
    expect(html).toContain('href="tel:035551234"');
    expect(html).toContain('>03-555-1234</bdi>');
  });

  it("names the coordinator and links their phone when configured (issue 28)", async () => {
    await setLanguage('he');
    const html = render({ accessibilityContact: 'negishut@magiim.example', accessibilityContactName: 'Noa Cohen', accessibilityContactPhone: '050-123-4567' });
    expect(html).toMatch(/data-testid="accessibility-coordinator-name"[^>]*><bdi dir="auto"[^>]*>Noa Cohen<\/bdi>/);
    expect(html).toContain('href="tel:0501234567"');
    expect(html).toContain('>050-123-4567</bdi>');
    expect(html).toContain('href="mailto:negishut@magiim.example"');
  });

  it('shows no contact and no link before the config has loaded', async () => {
    await setLanguage('en');
    const html = render(undefined);
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('data-testid="accessibility-coordinator"');
  });
});
