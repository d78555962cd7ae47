import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../app/i18n';
import { AppThemeProvider } from '../../app/providers/theme-provider';
import { RootRoute } from '../../app/routing/root-route';
import { renderAll } from '../../test-support/render-all';

const EVENT = '3f2b8c1e-5a4d-4e6f-9b1a-2c3d4e5f6a7b';

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});

/** The root route over a stand-in page at `path`, with the deployment's widget number (or none). */
const renderAt = (path: string, supportWhatsappNumber: string | null) => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['config'], { googleClientId: null, supportEmail: 'help@example.com', devMailbox: false, googleContacts: null, supportWhatsappNumber });
  const router = createMemoryRouter([{ element: <RootRoute />, children: [{ path: '*', element: <p>page</p> }] }], { initialEntries: [path] });
  return renderAll(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
};

describe('the WhatsApp support widget in the root route', () => {
  it('links to wa.me in a new tab, with the event id on event pages', async () => {
    const html = await renderAt(`/event/${EVENT}/guest/list`, '+972500000000');
    expect(html).toContain('data-testid="support-chat-widget"');
    expect(html).toContain(`href="https://wa.me/972500000000?text=${encodeURIComponent(`Hello, I need help with event ${EVENT}`)}"`);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('aria-label="Chat with support on WhatsApp (opens in a new tab)"');
    const general = await renderAt('/manage-events', '+972500000000');
    expect(general).toContain(`text=${encodeURIComponent('Hello, I need help with Magiim')}`);
  });

  it.each(['/ott', `/event/${EVENT}/invitation`, `/event/${EVENT}/navigate`, `/pricing/${EVENT}/order`, '/invite/abcdefghijklmnopqrstuv'])(
    'is absent on %s',
    async (path) => {
      const html = await renderAt(path, '+972500000000');
      expect(html).toContain('page');
      expect(html).not.toContain('support-chat-widget');
    },
  );

  it('is absent when no number is configured', async () => {
    const html = await renderAt('/manage-events', null);
    expect(html).toContain('page');
    expect(html).not.toContain('support-chat-widget');
    expect(html).not.toContain('wa.me');
  });
});
