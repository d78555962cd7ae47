import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Here rather than in packages/shared, whose type check has no Node types (it runs in the browser too).
const schemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/shared/src/schemas');

/** Every file and package a module reaches through its imports (type-only imports are left out: they vanish). */
const reached = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.endsWith('.ts')) return seen;
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    if (specifier!.startsWith('.')) reached(path.resolve(path.dirname(file), specifier!.replace(/\.js$/, '.ts')), seen);
    else seen.add(specifier!);
  }
  return seen;
};

describe("the dashboard's figures schema", () => {
  it('does not bring the guest and phone schemas (libphonenumber) to the dashboard', () => {
    const files = [...reached(path.join(schemas, 'stats.ts'))];
    expect(files.filter((file) => /libphonenumber|[/\\](guests|invitations|phone)\.ts$/.test(file))).toEqual([]);
  });
});
