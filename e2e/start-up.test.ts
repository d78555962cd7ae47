import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

describe('start-up', () => {
  it('stops with a clear message on a bad setting', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-bad-'));
    const result = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: { ...process.env, PORT: 'eighty', SMTP_URL: 'mail.example.com', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
