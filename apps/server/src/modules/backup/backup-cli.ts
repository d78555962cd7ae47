import type { Config } from '../../platform/env.js';

type Output = { out: (line: string) => void; err: (line: string) => void };

/** `npm run admin -- backup <file>` / `restore <file>`: the embedded database with pg_dump / pg_restore of the same binaries. */
export const runBackupCli = async (_command: 'backup' | 'restore', _args: string[], _loadConfig: () => Config, output: Output): Promise<number> => {
  output.err('backup: not built yet');
  return 1;
};
