// PLACEHOLDER: the msg-engine helper lists every messaging job here (scheduler tick, dispatch, review, reports).
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';

export const createMessagingJobs = (_ctx: AppContext): JobDefinition<object>[] => [];
