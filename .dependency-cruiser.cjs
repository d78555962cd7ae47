/**
 * Module boundaries (docs/architecture.md, "Layers"), checked by `npm run lint` (dependency-cruiser).
 * Server: platform → core records → guest-facing → engines → commerce and administration; a module imports only
 * its own layer's lower modules and lower layers. Inside a layer the modules are listed lowest first, and a module
 * never imports one listed after it, so no two modules import each other. Across modules: never another module's
 * repository or routes (call its service or its public file); route files call services, not repositories.
 * Tests and test kits may reach anywhere (they set up state); they are not part of the running graph.
 */
const SRC = '^apps/server/src/';
const M = `${SRC}modules/`;

/** Lowest first. Each entry is one rank: the modules in it do not import each other's ranks above them. */
const SERVER_LAYERS = [
  {
    name: 'platform',
    ranks: [
      // platform/, db/ and providers/ are one unit (AppContext names every provider's interface).
      ['#platform', '#db', '#providers', 'rate-limits'],
      ['mail', 'media', 'metrics', 'system', 'housekeeping', 'places', 'dev-mailbox', 'push', 'event-images'],
    ],
  },
  {
    name: 'core records',
    ranks: [['users'], ['auth'], ['events'], ['guests'], ['notifications', 'groups', 'expenses', 'cohosts', 'stats', 'support', 'seating']],
  },
  { name: 'guest-facing', ranks: [['checkin'], ['invitations']] },
  { name: 'engines', ranks: [['messaging'], ['calls']] },
  {
    name: 'commerce and administration',
    ranks: [['admin', 'billing'], ['gifts', 'gift-ledger', 'retention', 'backup'], ['administration', 'account-data']],
  },
];

const pathOf = (name) => (name.startsWith('#') ? `${SRC}${name.slice(1)}/` : `${M}${name}/`);
const ranks = SERVER_LAYERS.flatMap((layer) => layer.ranks.map((names) => ({ layer: layer.name, names })));
const TESTS = '(\\.test\\.tsx?$|test-kit\\.ts$)';

const upward = ranks.slice(0, -1).map((rank, i) => {
  const higher = ranks.slice(i + 1).flatMap((r) => r.names);
  return {
    name: `no-upward-from-${rank.names.join('+').replace(/#/g, '')}`,
    comment: `${rank.layer}: ${rank.names.join(', ')} may not import a higher module (${higher.join(', ')}).`,
    severity: 'error',
    from: { path: `(${rank.names.map(pathOf).join('|')})`, pathNot: TESTS },
    to: { path: `(${higher.map(pathOf).join('|')})` },
  };
});

const placed = ranks.flatMap((r) => r.names).filter((name) => !name.startsWith('#'));

module.exports = {
  forbidden: [
    {
      name: 'module-placed-in-a-layer',
      comment: 'Every server module is placed in a layer: add it to SERVER_LAYERS here and to docs/architecture.md.',
      severity: 'error',
      from: { path: `${M}(?!(${placed.join('|')})/)[^/]+/`, pathNot: TESTS },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No runtime import cycles (server and web). A cycle made only of `import type` vanishes at build time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...upward,
    {
      name: 'no-other-modules-repository',
      comment: "Another module's repository is private: call its service or its public file.",
      severity: 'error',
      from: { path: `${M}([^/]+)/`, pathNot: TESTS },
      to: { path: `${M}[^/]+/.*(repository|\\.routes)\\.ts$`, pathNot: `${M}$1/` },
    },
    {
      name: 'no-repository-from-platform',
      comment: 'platform/ never reaches a module repository.',
      severity: 'error',
      from: { path: `${SRC}(platform|db|providers)/`, pathNot: TESTS },
      to: { path: `${M}.*repository\\.ts$` },
    },
    {
      name: 'routes-call-services',
      comment: 'A route file calls services, never a repository.',
      severity: 'error',
      from: { path: `${M}.*\\.routes\\.ts$` },
      to: { path: 'repository\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.test-workers)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
