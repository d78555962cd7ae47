/**
 * How the build groups the SPA's code so that a signed-in host's first screens (the event list and the event
 * dashboard) arrive in a few files. Left to itself rollup cuts the code into one chunk per set of pages that share
 * it: ~60 files of 1–5 KB for the dashboard, and on a phone link each costs a round trip (six at a time over
 * HTTP/1.1). The groups:
 *  - `shared`: what the light sign-in page (login.html) shares with the SPA's entry (the API client, the stored
 *    session: no React, so the entry runs before React arrives);
 *  - `shared-ui`: what it shares with the rest of the SPA (components such as the language flag);
 *  - `app`: what every SPA page needs (src/app/start.tsx: providers, MUI's core, i18n, the router table), which
 *    the small entry (src/main.tsx, left as rollup makes it) starts;
 *  - `signed-in`: what both signed-in first screens use (frames, menus, their MUI parts and texts);
 *  - `event-list`, `dashboard`: what only one of them uses (the event cards; the dashboard's figures, funnel and
 *    tables), so the event list does not download the dashboard and the dashboard not the list;
 *  - `pages-common`: what they share with the pages a visitor opens without an account (registration,
 *    policies, not found), so those pages do not download the whole signed-in chunk;
 *  - `checks`: the answer checks (src/app/response-schemas.ts: zod and the shared schemas), which the first screens
 *    load after paint, in one file instead of one per shared schema file.
 * Everything else (the other screens, dialogs loaded on demand) stays where rollup puts it; the build sets
 * `onlyExplicitManualChunks`, so a grouped module's dependencies are not pulled into its group.
 */
export type ChunkGroup = 'shared' | 'shared-ui' | 'app' | 'signed-in' | 'event-list' | 'dashboard' | 'pages-common' | 'checks';

export interface ChunkRoots {
  /** The light sign-in page's entry. */
  login: readonly string[];
  /** The SPA's entry. */
  entry: readonly string[];
  /** The app the entry starts with a dynamic import. */
  app: readonly string[];
  /** What both signed-in first screens need before they render. */
  signedIn: readonly string[];
  /** The event list's own modules (its frame and page). */
  eventList?: readonly string[];
  /** The event dashboard's own modules (its frame and page). */
  dashboard?: readonly string[];
  /** The pages a visitor opens without an account. */
  publicPages: readonly string[];
  /** The answer checks, loaded on their own after the first screen has painted. */
  checks?: readonly string[];
}

/** Every module reachable from `roots` through static imports. */
export const staticClosure = (roots: readonly string[], importsOf: (id: string) => readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...importsOf(id));
  }
  return seen;
};

export const planChunkGroups = (roots: ChunkRoots, importsOf: (id: string) => readonly string[]): Map<string, ChunkGroup> => {
  const closure = (of: readonly string[]) => staticClosure(of, importsOf);
  const [login, entry, app, signedIn, eventList, dashboard, publicPages] = [
    roots.login,
    roots.entry,
    roots.app,
    roots.signedIn,
    roots.eventList ?? [],
    roots.dashboard ?? [],
    roots.publicPages,
  ].map(closure) as Set<string>[];
  // One screen's own module is one the other screen and the shared roots do not reach.
  const screenOf = (id: string): ChunkGroup =>
    signedIn!.has(id) || (eventList!.has(id) && dashboard!.has(id)) ? 'signed-in' : eventList!.has(id) ? 'event-list' : 'dashboard';
  const plan = new Map<string, ChunkGroup>();
  for (const id of new Set([...entry!, ...app!, ...signedIn!, ...eventList!, ...dashboard!])) {
    if (login!.has(id)) plan.set(id, entry!.has(id) ? 'shared' : 'shared-ui');
    else if (entry!.has(id)) continue;
    else if (app!.has(id)) plan.set(id, 'app');
    else plan.set(id, publicPages!.has(id) ? 'pages-common' : screenOf(id));
  }
  for (const id of closure(roots.checks ?? [])) if (!plan.has(id) && !entry!.has(id) && !login!.has(id)) plan.set(id, 'checks');
  return plan;
};

/**
 * The names a module's code imports from `specifier` (`import { a, b as c } from '…'`), or undefined when it takes
 * the whole module (a namespace or bare import). Through a re-exporting index (`export * from`), a module needs
 * only the files that export those names: following every re-export would make each page "need" all of them.
 */
export const namesImportedFrom = (code: string, specifier: string): Set<string> | undefined => {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (new RegExp(`import\\s*(?:\\*\\s*as\\s+\\w+\\s*from\\s*)?["']${quoted}["']|import\\s+\\w+\\s*,?\\s*\\*`).test(code)) return undefined;
  const names = new Set<string>();
  for (const match of code.matchAll(new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g'))) {
    for (const part of match[1]!.split(',')) {
      const name = /^\s*(?:type\s+)?([\w$]+)/.exec(part)?.[1];
      if (name && !/^\s*type\s/.test(part)) names.add(name);
    }
  }
  return names;
};
