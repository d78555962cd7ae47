import PgBoss from 'pg-boss';
import { z } from 'zod';
import { singleLineText } from '@magiim/shared';
import type { GiftAccountStatus } from '../../db/schema/dashboard.js';
import type { Database, Db } from '../../platform/db.js';
import type { Config } from '../../platform/env.js';
import { runOnConfiguredDatabase, type CliOutput } from '../admin/admin-cli.js';
import { decideRegistration, listGiftAccounts, type GiftAccountRow } from './gifts.repository.js';
import { GIFT_DECISION_JOB, type GiftDecisionJob } from './gifts.jobs.js';
import { writeAudit } from '../admin/audit-log.js';

/** The host's e-mail about the decision goes through the app's worker: queued here, in the shared job table. */
const queueDecisionEmail = async (connectionString: string, data: GiftDecisionJob): Promise<void> => {
  const boss = new PgBoss({ connectionString, max: 1, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  try {
    await boss.createQueue(GIFT_DECISION_JOB, { name: GIFT_DECISION_JOB, retryLimit: 3, retryDelay: 30 });
    await boss.send(GIFT_DECISION_JOB, data, { retryLimit: 3, retryDelay: 30 });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
};

export const GIFT_USAGE = `Usage:
  npm run admin -- gift list [REGISTERED|APPROVED|REJECTED]
  npm run admin -- gift approve <eventId> <link>
  npm run admin -- gift reject <eventId> <reason…>`;

const eventIdSchema = z.uuid();
/** The link the card provider gave: a web address guests open. */
const linkSchema = z.url({ protocol: /^https?$/ }).max(500);
const reasonSchema = singleLineText({ max: 300 });

export type GiftDecisionResult = { ok: true; row: GiftAccountRow } | { ok: false; error: string };

/** The administration's decision on a registration under review (the managed provider's review). */
export const decideGift = async (
  db: Db,
  eventId: string,
  decision: { status: 'APPROVED'; link: string } | { status: 'REJECTED'; reason: string },
): Promise<GiftDecisionResult> => {
  if (!eventIdSchema.safeParse(eventId).success) return { ok: false, error: `"${eventId}" is not an event id.` };
  let checked: typeof decision;
  if (decision.status === 'APPROVED') {
    const link = linkSchema.safeParse(decision.link);
    if (!link.success) return { ok: false, error: `"${decision.link}" is not an http(s) link.` };
    checked = { status: 'APPROVED', link: link.data };
  } else {
    const reason = reasonSchema.safeParse(decision.reason);
    if (!reason.success) return { ok: false, error: 'The reason must be one line of 1–300 characters.' };
    checked = { status: 'REJECTED', reason: reason.data };
  }
  const row = await decideRegistration(db, eventId, checked);
  return row ? { ok: true, row } : { ok: false, error: `The event ${eventId} has no gift registration under review; nothing was changed.` };
};

const describe = (row: GiftAccountRow): string =>
  [
    row.eventId,
    row.status,
    row.submittedAt ? row.submittedAt.toISOString() : '-',
    (row.registrationMasked as { fullName?: string } | null)?.fullName ?? '-',
    row.status === 'APPROVED' ? (row.link ?? '') : row.status === 'REJECTED' ? `reason: ${row.reason ?? ''}` : '',
  ].join('  ');

/** `npm run admin -- gift …` (args after "gift"): 0 done, 1 refused, 2 bad command line. */
export const runGiftAdminCli = async (args: string[], loadConfig: () => Config, output: CliOutput): Promise<number> => {
  const [command, ...rest] = args;
  let run: (database: Database) => Promise<number>;
  const decided = async (database: Database, result: GiftDecisionResult, done: string, reason: string | null) => {
    if (!result.ok) {
      output.err(result.error);
      return 1;
    }
    // Issue 22: the administration's audit log (admin null: the command line).
    await writeAudit(database.db, {
      adminId: null,
      action: result.row.status === 'APPROVED' ? 'gift.approve' : 'gift.reject',
      targetType: 'event',
      targetId: result.row.eventId,
      reason,
    });
    output.out(done);
    output.out(describe(result.row));
    if (result.row.decidedAt) {
      await queueDecisionEmail(database.connectionString, { eventId: result.row.eventId, decidedAt: result.row.decidedAt.toISOString() });
      output.out('The host will get an e-mail about it.');
    }
    return 0;
  };
  if (command === 'list' && rest.length <= 1 && (rest[0] === undefined || ['REGISTERED', 'APPROVED', 'REJECTED'].includes(rest[0]))) {
    run = async ({ db }) => {
      const rows = await listGiftAccounts(db, rest[0] as GiftAccountStatus | undefined);
      if (!rows.length) output.out('No gift registrations.');
      rows.forEach((row) => output.out(describe(row)));
      return 0;
    };
  } else if (command === 'approve' && rest.length === 2) {
    run = async (database) => decided(database, await decideGift(database.db, rest[0]!, { status: 'APPROVED', link: rest[1]! }), 'Approved:', null);
  } else if (command === 'reject' && rest.length >= 2) {
    run = async (database) => decided(database, await decideGift(database.db, rest[0]!, { status: 'REJECTED', reason: rest.slice(1).join(' ') }), 'Rejected:', rest.slice(1).join(' '));
  } else {
    output.err(command === undefined || command === 'help' ? GIFT_USAGE : `Unknown command "gift ${args.join(' ')}".\n${GIFT_USAGE}`);
    return 2;
  }
  return runOnConfiguredDatabase(loadConfig, output, run);
};
