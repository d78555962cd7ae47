import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the preview card fonts', () => {
  it('render Hebrew, Cyrillic and joined Arabic on a machine with no fonts installed', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'magiim-no-fonts-'));
    const config = path.join(directory, 'fonts.conf');
    // A fontconfig that knows no font directory: only the faces the app brings exist.
    writeFileSync(config, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>${directory}/cache</cachedir></fontconfig>`);
    const probe = path.join(import.meta.dirname, 'text-probe.fixture.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', probe], { env: { ...process.env, FONTCONFIG_FILE: config }, timeout: 60_000 });
    const digests = JSON.parse(stdout) as Record<string, string>;
    // Different letters give different pictures (a missing glyph is the same box for every letter).
    expect(digests.he1).not.toBe(digests.he2);
    expect(digests.ru1).not.toBe(digests.ru2);
    // Arabic letters join: the word is narrower than its letters set apart.
    expect(digests.ar1).not.toBe(digests.ar2);
    const widthOf = (digest: string | undefined) => Number(digest?.split('x')[0]);
    expect(widthOf(digests.ar1)).toBeLessThan(widthOf(digests.ar2) * 0.8);
    expect(widthOf(digests.he1)).toBeGreaterThan(40);
  }, 90_000);
});
