import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from '../router';

type AppRouter = Pick<ReturnType<typeof createAppRouter>, 'state' | 'subscribe'>;

/**
 * React Router puts every update in a transition, which React renders in 5 ms slices with a frame between them:
 * right for a navigation (the current page stays while the next renders), a delay for the first page, which has
 * nothing to keep on screen (a slow phone painted the event list ~70 ms later, measured with `npm run bench:web`).
 * `false` renders at once; `undefined` is the router's default.
 */
export const routerTransitions = (initialized: boolean): false | undefined => (initialized ? undefined : false);

/** The router's provider: the first page renders at once, later navigations in transitions. */
export function AppRouterProvider({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const initialized = useInitialized(router);
  return <RouterProvider router={router} useTransitions={routerTransitions(initialized)} />;
}

const useInitialized = (router: AppRouter): boolean => {
  const [initialized, setInitialized] = useState(router.state.initialized);
  useEffect(() => {
    if (initialized) return;
    // The router tells its subscribers in order: its provider's update (made at once) and this one land in one render.
    return router.subscribe((state) => {
      if (state.initialized) setInitialized(true);
    });
  }, [router, initialized]);
  return initialized;
};
