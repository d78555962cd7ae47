import type { AppContext } from '../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../platform/jobs.js';
import { deleteDeadSessions, deleteDeadUserTokens, deleteOldDevMail, deleteStaleKnownDevices } from './housekeeping.repository.js';

export const HOUSEKEEPING_JOB = 'housekeeping.prune';
export const DEV_MAIL_RETENTION_DAYS = 7;

export const pruneDeadRows = async (ctx: AppContext) => ({
  sessions: await deleteDeadSessions(ctx.db),
  userTokens: await deleteDeadUserTokens(ctx.db),
  devMail: await deleteOldDevMail(ctx.db, DEV_MAIL_RETENTION_DAYS),
  knownDevices: await deleteStaleKnownDevices(ctx.db),
});

/** Hourly: sessions, link tokens, dev-mailbox rows and remembered devices that nothing reads any more. */
export const createHousekeepingJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: HOUSEKEEPING_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 60,
    cron: '23 * * * *',
    handle: async () => {
      await pruneDeadRows(ctx);
    },
  },
];
