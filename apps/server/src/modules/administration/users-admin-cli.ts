import type { Config } from '../../platform/env.js';

type Output = { out: (line: string) => void; err: (line: string) => void };

/** `npm run admin -- user promote <email>` (and `demote`): the admin role is granted only here. */
export const runUserAdminCli = async (_args: string[], _loadConfig: () => Config, output: Output): Promise<number> => {
  output.err('user: not built yet');
  return 1;
};
