// `npm run admin -- coupon create …`: administration on the configured database (see src/modules/admin).
import { runAdminCli } from '../src/modules/admin/admin-cli.js';
import { runGiftAdminCli } from '../src/modules/gifts/gifts-admin.js';
import { ConfigError, loadConfig } from '../src/platform/env.js';

try {
  const args = process.argv.slice(2);
  const output = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  // `gift approve|reject|list`: the managed gift-link review (src/modules/gifts/gifts-admin.ts).
  process.exitCode =
    args[0] === 'gift' ? await runGiftAdminCli(args.slice(1), () => loadConfig(), output) : await runAdminCli(args, () => loadConfig(), output);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
