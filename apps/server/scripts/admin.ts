// `npm run admin -- coupon create …`: administration on the configured database (see src/modules/admin).
import { runAdminCli } from '../src/modules/admin/admin-cli.js';
import { runGiftAdminCli } from '../src/modules/gifts/gifts-admin.js';
import { runRetentionCli } from '../src/modules/retention/retention-cli.js';
import { runUserAdminCli } from '../src/modules/administration/users-admin-cli.js';
import { runBackupCli } from '../src/modules/backup/backup-cli.js';
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
      ? await runGiftAdminCli(rest, config, output)
      : area === 'retention'
        ? await runRetentionCli(rest, config, output)
        : area === 'user'
          ? await runUserAdminCli(rest, config, output)
          : area === 'backup' || area === 'restore'
            ? await runBackupCli(area, rest, config, output)
            : await runAdminCli(args, config, output);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
