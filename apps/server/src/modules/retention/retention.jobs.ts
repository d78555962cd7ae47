import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';

/** Issue 22: the daily retention run (six months: events' guest data, unused accounts after a warning). */
export const createDataRetentionJobs = (_ctx: AppContext): JobDefinition<object>[] => [];
