// Setup file of the e2e project: a failed test leaves a shot of each page it still had open (screens.ts).
import { beforeEach } from 'vitest';
import { shootOpenPages } from './screens.js';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const files = await shootOpenPages(`${path(task.file?.name)}-${task.name}`);
    if (files.length) console.error(`screens at the failure: ${files.join(', ')}`);
  });
});

const path = (file: string | undefined) => (file ?? '').replace(/^.*\//, '').replace(/\.test\.ts$/, '');
