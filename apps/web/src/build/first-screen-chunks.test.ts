import { describe, expect, it } from 'vitest';
import { namesImportedFrom, planChunkGroups, staticClosure, type ChunkGroup } from './first-screen-chunks';

// login.html and index.html share the session module; the entry starts the app (a dynamic import, no edge here);
// the dashboard and the register page share a card and zod; the dashboard shows the sign-in page's language flag.
const graph: Record<string, string[]> = {
  login: ['session', 'flag', 'login-form'],
  entry: ['session', 'early-requests'],
  start: ['theme', 'session', 'early-requests'],
  dashboard: ['card', 'stats-api', 'theme', 'flag'],
  'stats-api': ['zod', 'session'],
  register: ['card', 'zod', 'form'],
  card: ['paper'],
};
const importsOf = (id: string) => graph[id] ?? [];
const plan = planChunkGroups({ login: ['login'], entry: ['entry'], app: ['start'], signedIn: ['dashboard'], publicPages: ['register'] }, importsOf);

describe('planChunkGroups', () => {
  it('follows static imports only, once each', () => {
    expect([...staticClosure(['dashboard'], importsOf)].sort()).toEqual(['card', 'dashboard', 'flag', 'paper', 'session', 'stats-api', 'theme', 'zod']);
  });

  it("groups what /login shares with the entry and with the rest, the app, the first screens alone, and what they share with public pages", () => {
    expect(Object.fromEntries(plan)).toEqual({
      session: 'shared',
      flag: 'shared-ui',
      start: 'app',
      theme: 'app',
      dashboard: 'signed-in',
      'stats-api': 'signed-in',
      card: 'pages-common',
      paper: 'pages-common',
      zod: 'pages-common',
    });
    // The entry's own modules, the sign-in page's and the public pages' own: rollup decides.
    for (const id of ['entry', 'early-requests', 'login', 'login-form', 'register', 'form']) expect(plan.has(id)).toBe(false);
  });

  it('puts the answer checks, loaded after paint, in one file of their own, leaving what a group already has', () => {
    const withChecks = planChunkGroups(
      { login: ['login'], entry: ['entry'], app: ['start'], signedIn: ['start'], publicPages: ['register'], checks: ['checks'] },
      (id) => ({ checks: ['events-schema', 'stats-schema', 'session'], 'events-schema': ['zod', 'text-schema'], 'stats-schema': ['zod'], start: ['theme'] })[id] ?? graph[id] ?? [],
    );
    expect(['checks', 'events-schema', 'stats-schema', 'text-schema', 'zod'].map((id) => withChecks.get(id))).toEqual(Array(5).fill('checks'));
    expect(withChecks.get('session')).toBe('shared');
    expect(withChecks.get('theme')).toBe('app');
  });

  it("gives each signed-in first screen its own file for what only it uses, and one shared file for the rest", () => {
    const screens: Record<string, string[]> = {
      'list-page': ['event-card', 'frame', 'menu'],
      'dashboard-page': ['figures', 'frame', 'table'],
      figures: ['table', 'menu'],
      frame: ['theme'],
      seed: ['session'],
    };
    const split = planChunkGroups(
      { login: ['login'], entry: ['entry'], app: ['start'], signedIn: ['seed'], eventList: ['list-page'], dashboard: ['dashboard-page'], publicPages: ['register'] },
      (id) => screens[id] ?? graph[id] ?? [],
    );
    expect(['list-page', 'event-card'].map((id) => split.get(id))).toEqual(['event-list', 'event-list']);
    expect(['dashboard-page', 'figures', 'table'].map((id) => split.get(id))).toEqual(['dashboard', 'dashboard', 'dashboard']);
    // Used by both screens, or by the shared roots: one file both load.
    expect(['frame', 'menu', 'seed'].map((id) => split.get(id))).toEqual(['signed-in', 'signed-in', 'signed-in']);
    expect([split.get('theme'), split.get('session')]).toEqual(['app', 'shared']);
    // A screen's own file may import the shared one, never the other screen's.
    for (const [id, group] of split) {
      for (const dependency of screens[id] ?? []) {
        const used = split.get(dependency);
        if (group === 'signed-in') expect(used, `${id} → ${dependency}`).not.toMatch(/^(event-list|dashboard)$/);
        else if (group === 'event-list' || group === 'dashboard') expect([group, 'signed-in', 'app', 'shared']).toContain(used);
      }
    }
  });

  it('never lets a group import a group loaded after it (no cycle, /login stays on its own files)', () => {
    const order: (ChunkGroup | undefined)[] = ['shared', undefined, 'shared-ui', 'app', 'pages-common', 'signed-in'];
    for (const [id, group] of plan) {
      for (const dependency of importsOf(id)) {
        expect(order.indexOf(plan.get(dependency)), `${id} (${group}) → ${dependency}`).toBeLessThanOrEqual(order.indexOf(group));
      }
    }
  });
});

describe('namesImportedFrom', () => {
  it('reads named imports and re-exports, without aliases or type-only names', () => {
    const code = [
      'import { STORAGE_KEYS, isLang as isLanguage } from "@magiim/shared";',
      "import {\n  API,\n  type Lang,\n} from '@magiim/shared';",
      "export { MSG } from '@magiim/shared';",
      "import { other } from '@magiim/shared-extra';",
    ].join('\n');
    expect([...namesImportedFrom(code, '@magiim/shared')!].sort()).toEqual(['API', 'MSG', 'STORAGE_KEYS', 'isLang']);
  });

  it('answers undefined when the whole module is taken', () => {
    expect(namesImportedFrom("import * as shared from '@magiim/shared';", '@magiim/shared')).toBeUndefined();
    expect(namesImportedFrom("import '@magiim/shared';", '@magiim/shared')).toBeUndefined();
  });
});
