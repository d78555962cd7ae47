import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType, type IReporterOutput, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries `npm run lint` checks (.dependency-cruiser.cjs, docs/architecture.md "Layers") bite: the
 * real rules, run on a tiny tree laid out like apps/server/src, flag an upward import, a runtime cycle, a reach into
 * another module's repository, a route calling a repository and an unplaced module — and let the allowed shapes be.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[] };

const FIXTURE: Record<string, string> = {
  'platform/errors.ts': 'export class AppError extends Error {}\n',
  // events (core records) asks messaging (engines) directly: upward.
  'modules/events/events.service.ts': "import { startMessages } from '../messaging/messaging.service';\nexport const createEvent = () => startMessages();\n",
  // messaging may use events (downward) and its own repository.
  'modules/messaging/messaging.service.ts':
    "import { AppError } from '../../platform/errors';\nimport { listRows } from './messaging.repository';\nexport const startMessages = () => listRows() ?? new AppError();\n",
  'modules/messaging/messaging.repository.ts': 'export const listRows = () => [];\n',
  'modules/messaging/timing.ts': "import { createEvent } from '../events/events.service';\nexport const timing = () => createEvent();\n",
  // A runtime cycle inside guests; a cycle of type imports only is fine.
  'modules/guests/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
  'modules/guests/b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
  'modules/guests/t1.ts': "import type { T2 } from './t2';\nexport type T1 = { next?: T2 };\n",
  'modules/guests/t2.ts': "import type { T1 } from './t1';\nexport type T2 = { next?: T1 };\n",
  'modules/guests/guests.repository.ts': 'export const lockEvent = () => 1;\n',
  // A route calling its repository; groups reaching into guests' repository.
  'modules/guests/guests.routes.ts': "import { lockEvent } from './guests.repository';\nexport const route = () => lockEvent();\n",
  'modules/groups/groups.service.ts': "import { lockEvent } from '../guests/guests.repository';\nexport const g = () => lockEvent();\n",
  // A module nobody placed in a layer.
  'modules/mystery/mystery.service.ts': "import { AppError } from '../../platform/errors';\nexport const m = () => new AppError();\n",
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'magiim-boundaries-'));
  for (const [file, code] of Object.entries(FIXTURE)) {
    const full = path.join(dir, 'apps/server/src', file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, code);
  }
  const { output } = (await cruise(['apps/server/src'], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    outputType: 'json',
  })) as IReporterOutput;
  result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const strip = (file: string) => file.replace('apps/server/src/', '');
const violations = () =>
  result.summary.violations.map((v) => `${v.rule.name}: ${strip(v.from)} → ${strip(v.to)}`).sort();

describe('module boundaries (dependency-cruiser)', () => {
  it('flags an upward import, a runtime cycle, a reach into a repository, a route calling one and an unplaced module', { timeout: 60_000 }, () => {
    const found = violations();
    expect(found).toContain('no-upward-from-events: modules/events/events.service.ts → modules/messaging/messaging.service.ts');
    expect(found.filter((v) => v.startsWith('no-circular:'))).toEqual([expect.stringMatching(/^no-circular: modules\/guests\/[ab]\.ts → modules\/guests\/[ab]\.ts$/)]);
    expect(found).toContain('no-other-modules-repository: modules/groups/groups.service.ts → modules/guests/guests.repository.ts');
    expect(found).toContain('routes-call-services: modules/guests/guests.routes.ts → modules/guests/guests.repository.ts');
    expect(found).toContain('module-placed-in-a-layer: modules/mystery/mystery.service.ts → platform/errors.ts');
  });

  it('lets a downward import, a module its own repository and a cycle of type imports be', { timeout: 60_000 }, () => {
    const found = violations().join('\n');
    expect(found).not.toContain('modules/messaging/timing.ts');
    expect(found).not.toContain('modules/messaging/messaging.service.ts →');
    expect(found).not.toMatch(/modules\/guests\/t[12]\.ts/);
    // The only errors are the five planted ones.
    expect(result.summary.error).toBe(5);
  });
});
