import type { AppContext } from '../../platform/context.js';

export type AccountErasureCause = 'self' | 'deregistered' | 'inactive';

export interface ErasedCounts {
  [kind: string]: number;
}

/**
 * Issue 22: closes an account for good (its owner deleted it, an admin deregistered it, or it went unused six
 * months). Sessions, tokens, devices and push tokens go; unpaid events are deleted; paid ones keep their orders
 * (tax law) with their guest data erased and the event's details blanked; the user row stays as a tombstone
 * (`erased_at`, no name, e-mail or password) so the e-mail may register again. Answers what it erased (counts).
 */
export const eraseAccount = async (_ctx: AppContext, _userId: string, _cause: AccountErasureCause): Promise<ErasedCounts> => {
  throw new Error('eraseAccount: not built yet');
};
