import type { Config } from '../../platform/env.js';

type Output = { out: (line: string) => void; err: (line: string) => void };

/** `npm run admin -- retention run`: the retention job now; prints what it erased. */
export const runRetentionCli = async (_args: string[], _loadConfig: () => Config, output: Output): Promise<number> => {
  output.err('retention: not built yet');
  return 1;
};
