import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

describe('migrations', () => {
  it('are generated from the current schema (run `npm run db:generate` after changing a table)', () => {
    const output = execFileSync('npx', ['drizzle-kit', 'check', '--config', 'apps/server/drizzle.config.ts'], { cwd: root, encoding: 'utf8' });
    expect(output).toMatch(/Everything's fine/i);
    // `generate` must find nothing to do: a schema change without its migration fails here.
    const generate = execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(generate).toMatch(/No schema changes/i);
  });
});
