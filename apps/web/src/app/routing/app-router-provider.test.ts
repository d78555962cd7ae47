import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { routerTransitions } from './app-router-provider';

describe('routerTransitions', () => {
  it('renders the first page at once and later navigations in transitions, following the router', async () => {
    // A lazy route, as the app's pages are: the router is not initialised until its code has arrived.
    let arrive: () => void = () => undefined;
    const router = createMemoryRouter([{ path: '/', lazy: () => new Promise((resolve) => (arrive = () => resolve({ Component: () => null }))) }], {
      initialEntries: ['/'],
    });
    expect(routerTransitions(router.state.initialized)).toBe(false);
    const initialized = new Promise<void>((resolve) => router.subscribe((state) => state.initialized && resolve()));
    await Promise.resolve();
    arrive();
    await initialized;
    expect(routerTransitions(router.state.initialized)).toBeUndefined();
    router.dispose();
  });
});
