/**
 * The screens a signed-in host opens first (spec §2: the event list, the event dashboard). The router's lazy
 * routes and the entry's early start (main.tsx) call the same functions, so both ask for one module each and
 * the browser fetches it once.
 */
export const firstScreenModules = {
  manageEventsLayout: () => import('../layouts/manage-events-layout'),
  manageEventsPage: () => import('../../features/events/pages/manage-events-page'),
  eventLayout: () => import('../../features/events/pages/event-layout'),
  statisticsPage: () => import('../../features/statistics/pages/statistics-page'),
};

type ModuleName = keyof typeof firstScreenModules;

/** The first-screen modules an address shows; nothing for any other page. */
export const firstScreenModulesFor = (pathname: string): ModuleName[] => {
  if (/^\/(?:manage-events(?:\/[^/]+)?)?\/?$/.test(pathname)) return ['manageEventsLayout', 'manageEventsPage'];
  const dashboard = /^\/event\/[^/]+(\/statistics)?\/?$/.exec(pathname);
  if (dashboard) return ['eventLayout', 'statisticsPage'];
  if (/^\/event\/[^/]+\/(?:settings|guest)(?:\/|$)/.test(pathname)) return ['eventLayout'];
  return [];
};

/** Starts fetching the code of the address's first screen; failures are left to the router, which asks again. */
export const preloadFirstScreen = (pathname: string): void => {
  for (const name of firstScreenModulesFor(pathname)) void firstScreenModules[name]().catch(() => undefined);
};
