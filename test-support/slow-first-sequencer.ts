import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take a minute or more, measured in a whole run on a two-core machine (seconds, 2026-11-28). Vitest orders a
 * fresh clone's files by size, so these started last and ran alone at the end (a 79 s file began at 387 s of a
 * 471 s run). Started first, they overlap the many short files. A file missing here only loses its head start.
 */
const SLOW_FILES: Record<string, number> = {
  'apps/server/test/messaging-faults-whatsapp.test.ts': 124,
  'apps/server/src/modules/backup/backup.test.ts': 105,
  'apps/server/test/messaging-faults.test.ts': 100,
  'apps/server/test/calls-worker-restart.test.ts': 84,
  'apps/server/src/modules/guests/guest-import.test.ts': 78,
  'apps/server/src/modules/calls/engine/call-retry-spacing.test.ts': 66,
  'apps/server/src/modules/admin/admin.test.ts': 64,
  'apps/server/test/crash-restart.test.ts': 45,
  'apps/server/test/fuzz.test.ts': 37,
  'apps/server/src/platform/embedded-database.test.ts': 33,
  'apps/server/src/modules/calls/speech/text-to-speech.test.ts': 33,
  'apps/server/test/messaging-faults-reach.test.ts': 27,
  // Browser journeys (two or three at a time).
  'e2e/checkout.test.ts': 146,
  'e2e/events.test.ts': 96,
  'e2e/messaging.test.ts': 93,
  'e2e/dashboard-and-lists.test.ts': 93,
  'e2e/call-round.test.ts': 91,
  'e2e/admin-console.test.ts': 85,
  'e2e/cohosts.test.ts': 81,
  'e2e/call-script.test.ts': 71,
  'e2e/brand-and-screens.test.ts': 68,
  'e2e/guest-import-mapping.test.ts': 65,
  'e2e/tour.test.ts': 63,
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const weight = (file: TestSpecification) => SLOW_FILES[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0;
    const rank = new Map(sorted.map((file, i) => [file, i]));
    // Projects and their group order stay as vitest put them; inside a project the known slow files lead.
    return [...sorted].sort((a, b) => {
      if (a.project !== b.project) return rank.get(a)! - rank.get(b)!;
      return weight(b) - weight(a) || rank.get(a)! - rank.get(b)!;
    });
  }
}
