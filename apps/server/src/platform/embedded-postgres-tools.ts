import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The OS user the PostgreSQL tools run as: none means this process's own user. */
export type OsUser = { uid: number; gid: number } | undefined;

export interface ToolResult {
  /** Exit code; null when the tool could not be started or was killed. */
  code: number | null;
  /** stdout then stderr, as the tool printed them. */
  output: string;
  /** Why the tool could not be started at all (e.g. "spawn /…/initdb EACCES"). */
  spawnError?: string;
  /** The signal that ended it (a timeout kills it with SIGTERM). */
  signal?: string;
}

const TOOL_TIMEOUT_MS = 120_000;

/** Runs initdb or pg_ctl (as `user`, from `cwd`, which that user can enter), never rejecting. */
export const runTool = (file: string, args: string[], user: OsUser, cwd: string): Promise<ToolResult> =>
  new Promise((resolve) => {
    execFile(
      file,
      args,
      { ...(user ?? {}), cwd, env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, timeout: TOOL_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (!error) return resolve({ code: 0, output });
        if (typeof error.code === 'string') return resolve({ code: null, output, spawnError: error.message });
        if (error.signal) return resolve({ code: null, output, signal: error.signal });
        resolve({ code: typeof error.code === 'number' ? error.code : 1, output });
      },
    );
  });

/** The last lines of the server's log file (pg_ctl's own output rarely says why the server stopped). */
export const readLogTail = (file: string, maxChars = 2_000): string => {
  try {
    if (!existsSync(file)) return '';
    const text = readFileSync(file, 'utf8');
    if (text.length <= maxChars) return text.trim();
    return text.slice(text.indexOf('\n', text.length - maxChars) + 1).trim();
  } catch {
    return '';
  }
};

/**
 * Says why initdb or pg_ctl failed, with the tool's own words: how it ended, what it printed, and the
 * server log's last lines when there is one.
 */
export const describeToolFailure = (tool: string, result: ToolResult, logTail = ''): string => {
  const ending = result.spawnError
    ? `could not be run (${result.spawnError})`
    : result.signal
      ? `was stopped by ${result.signal} (after ${TOOL_TIMEOUT_MS / 1000} s at most)`
      : `failed with exit code ${result.code}`;
  const output = result.output.trim();
  const lines = [`${tool} ${ending}${output ? `:\n${output}` : result.spawnError ? '.' : ', printing nothing.'}`];
  if (logTail.trim()) lines.push(`Server log (last lines):\n${logTail.trim()}`);
  return lines.join('\n');
};
