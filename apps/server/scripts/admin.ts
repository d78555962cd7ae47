// `npm run admin -- coupon create …`: administration on the configured database (see src/modules/admin).
import { runAdminCli } from '../src/modules/admin/admin-cli.js';
import { ConfigError, loadConfig } from '../src/platform/env.js';

try {
  process.exitCode = await runAdminCli(process.argv.slice(2), () => loadConfig(), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
