import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/users.js';
import type { Database } from '../../platform/db.js';
import type { Config } from '../../platform/env.js';
import { runOnConfiguredDatabase, type CliOutput } from '../admin/admin-cli.js';
import { writeAudit } from '../admin/audit-log.js';

export const USER_USAGE = `Usage:
  npm run admin -- user promote <email>      (makes the account an administrator)
  npm run admin -- user demote <email>       (back to a host)
  npm run admin -- user list-admins`;

const emailSchema = z.email().max(254);

/**
 * Sets the role (the only way to grant it). The user learns it from the ability rules at their next sign-in;
 * their open sessions see the new role on the next request (the session lookup reads it).
 */
export const setUserRole = async (
  database: Database,
  email: string,
  role: 'host' | 'admin',
): Promise<{ ok: true; changed: boolean; id: string; email: string } | { ok: false; error: string }> => {
  const address = email.trim().toLowerCase();
  if (!emailSchema.safeParse(address).success) return { ok: false, error: `"${email}" is not an e-mail address.` };
  return database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.email, address), isNull(users.erasedAt)))
      .for('update')
      .limit(1);
    if (!user) return { ok: false as const, error: `No account uses ${address}; nothing was changed.` };
    if (user.role === role) return { ok: true as const, changed: false, id: user.id, email: user.email };
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, { adminId: null, action: role === 'admin' ? 'user.promote' : 'user.demote', targetType: 'user', targetId: user.id });
    return { ok: true as const, changed: true, id: user.id, email: user.email };
  });
};

/** `npm run admin -- user promote <email>` / `demote <email>` / `list-admins`: 0 done, 1 refused, 2 bad command line. */
export const runUserAdminCli = async (args: string[], loadConfig: () => Config, output: CliOutput): Promise<number> => {
  const [command, ...rest] = args;
  let run: (database: Database) => Promise<number>;
  if ((command === 'promote' || command === 'demote') && rest.length === 1) {
    const role = command === 'promote' ? 'admin' : 'host';
    run = async (database) => {
      const result = await setUserRole(database, rest[0]!, role);
      if (!result.ok) {
        output.err(result.error);
        return 1;
      }
      if (!result.changed) output.out(`${result.email} is already ${role === 'admin' ? 'an administrator' : 'a host'}; nothing was changed.`);
      else if (role === 'admin') output.out(`${result.email} is now an administrator (from their next sign-in: the Administration menu).`);
      else output.out(`${result.email} is a host again; the administration is closed to them from now on.`);
      return 0;
    };
  } else if (command === 'list-admins' && rest.length === 0) {
    run = async ({ db }) => {
      const admins = await db
        .select({ email: users.email, fullName: users.fullName, blockedAt: users.blockedAt })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.erasedAt)))
        .orderBy(asc(users.email));
      if (!admins.length) output.out('No administrators.');
      admins.forEach((a) => output.out(`${a.email}  ${a.fullName}${a.blockedAt ? '  (blocked)' : ''}`));
      return 0;
    };
  } else {
    output.err(command === undefined || command === 'help' ? USER_USAGE : `Unknown command "user ${args.join(' ')}".\n${USER_USAGE}`);
    return 2;
  }
  return runOnConfiguredDatabase(loadConfig, output, run);
};
