import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps fixed sleeps out of the suites (eslint.config.js) bites, and only where it should. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

const sleepRules = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0]!.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-properties')
    .map((m) => m.line);

describe('no fixed sleeps in tests', () => {
  it('refuses waitForTimeout and a sleep that decides an outcome, in browser and server tests', { timeout: 60_000 }, async () => {
    const code = [
      'export const a = async (page: { waitForTimeout(ms: number): Promise<void> }) => {',
      '  await page.waitForTimeout(500);',
      '  await new Promise((resolve) => setTimeout(resolve, 1_000));',
      '};',
      'export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));',
    ].join('\n');
    expect(await sleepRules(code, 'e2e/fixture.test.ts')).toEqual([2, 3, 5]);
    expect(await sleepRules(code, 'apps/server/src/modules/fixture.test.ts')).toEqual([2, 3, 5]);
    expect(await sleepRules(code, 'e2e/some-kit.ts')).toEqual([2, 3, 5]);
  });

  it('refuses a sleep in a loop that kills a process (a fault test kills at an observed point)', { timeout: 60_000 }, async () => {
    const code = [
      'export const run = async (start: () => Promise<{ kill(signal: string): void }>) => {',
      '  for (let i = 0; i < 10; i++) {',
      '    const child = await start();',
      '    await new Promise((r) => setTimeout(r, 1_000 + i * 100));',
      "    child.kill('SIGKILL');",
      '  }',
      '};',
    ].join('\n');
    expect(await sleepRules(code, 'apps/server/test/fixture.test.ts')).toEqual([4]);
  });

  it('lets a poll interval inside a loop, a deadline in Promise.race and product code be', { timeout: 60_000 }, async () => {
    const poll = [
      'export const poll = async (done: () => Promise<boolean>, exited: Promise<void>) => {',
      '  const deadline = Date.now() + 5_000;',
      '  while (!(await done())) {',
      "    if (Date.now() > deadline) throw new Error('not within 5 s');",
      '    await new Promise((r) => setTimeout(r, 100));',
      '  }',
      '  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);',
      "  await new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1_000));",
      '};',
    ].join('\n');
    expect(await sleepRules(poll, 'e2e/fixture.test.ts')).toEqual([]);
    const sleep = 'export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));\n';
    expect(await sleepRules(sleep, 'apps/server/src/platform/fixture.ts')).toEqual([]);
  });
});
