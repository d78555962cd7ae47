import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeToolFailure, readLogTail, runTool } from './embedded-postgres-tools.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mgtool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = (name: string, body: string, mode = 0o755) => {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, mode);
  return file;
};

describe('a failing initdb or pg_ctl', () => {
  it('is described with its exit code and everything it printed', async () => {
    const tool = script('fails', 'echo "creating directory"; echo "initdb: error: could not create directory: Permission denied" >&2; exit 3');
    const result = await runTool(tool, [], undefined, dir);
    expect(result.code).toBe(3);
    expect(describeToolFailure('initdb', result)).toBe(
      'initdb failed with exit code 3:\ncreating directory\ninitdb: error: could not create directory: Permission denied',
    );
  });

  it('that could not even be started says why (the empty "initdb failed:" of the issue)', async () => {
    const result = await runTool(script('not-executable', 'exit 0', 0o644), [], undefined, dir);
    expect(result.code).toBeNull();
    expect(describeToolFailure('initdb', result)).toMatch(/^initdb could not be run \(spawn .*not-executable EACCES\)\.$/);
    const missing = await runTool(path.join(dir, 'absent'), [], undefined, dir);
    expect(describeToolFailure('pg_ctl start', missing)).toMatch(/^pg_ctl start could not be run \(spawn .*absent ENOENT\)\.$/);
  });

  it('says when it printed nothing, and adds the server log when there is one', () => {
    const quiet = describeToolFailure('pg_ctl start', { code: 1, output: '\n' }, 'FATAL:  invalid value for parameter "shared_buffers"\n');
    expect(quiet).toBe('pg_ctl start failed with exit code 1, printing nothing.\nServer log (last lines):\nFATAL:  invalid value for parameter "shared_buffers"');
    expect(describeToolFailure('pg_ctl stop', { code: null, output: '', signal: 'SIGTERM' })).toBe(
      'pg_ctl stop was stopped by SIGTERM (after 120 s at most), printing nothing.',
    );
  });

  it('reads the last whole lines of the server log', () => {
    const log = path.join(dir, 'server.log');
    writeFileSync(log, `${'early line\n'.repeat(500)}LOG:  last words\n`);
    const tail = readLogTail(log, 30);
    expect(tail).toBe('early line\nLOG:  last words');
    expect(readLogTail(path.join(dir, 'no.log'))).toBe('');
  });
});
