// `npm run admin -- coupon create …`: administration on the configured database (see src/modules/admin).
// Each area's commands load only when asked for: an operator's `coupon list` (and a usage error) starts without
// compiling the backup, retention and gift code through tsx.
import { ConfigError, loadConfig } from '../src/platform/env.js';

try {
  const args = process.argv.slice(2);
  const output = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  // `gift approve|reject|list`: the managed gift-link review (src/modules/gifts/gifts-admin.ts).
  const [area = '', ...rest] = args;
  const config = () => loadConfig();
  process.exitCode =
    area === 'gift'
      ? await (await import('../src/modules/gifts/gifts-admin.js')).runGiftAdminCli(rest, config, output)
      : area === 'retention'
        ? await (await import('../src/modules/retention/retention-cli.js')).runRetentionCli(rest, config, output)
        : area === 'user'
          ? await (await import('../src/modules/administration/users-admin-cli.js')).runUserAdminCli(rest, config, output)
          : area === 'backup' || area === 'restore'
            ? await (await import('../src/modules/backup/backup-cli.js')).runBackupCli(area, rest, config, output)
            : await (await import('../src/modules/admin/admin-cli.js')).runAdminCli(args, config, output);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
