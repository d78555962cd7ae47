import { describe, expect, it } from 'vitest';
import { skipReasonOf } from './skip-reason.js';

describe('skipReasonOf (the guest read again just before sending)', () => {
  const guest = (status: Parameters<typeof skipReasonOf>[1]['status'], attending: number | null = null, optedOut = false) => ({ status, attending, optedOut });

  it('sends a round to a guest still in process; skips one who answered, a wrong number and an opt-out', () => {
    expect(skipReasonOf('round2', guest('inProgress'))).toBeNull();
    for (const status of ['approved', 'declined', 'maybe', 'changedDecision'] as const) expect(skipReasonOf('round1', guest(status, 1))).toBe('answered');
    expect(skipReasonOf('round3', guest('wrongNumber'))).toBe('wrongNumber');
    expect(skipReasonOf('round1', guest('inProgress', null, true))).toBe('optedOut');
  });

  it('sends the direction and the thanks only to guests coming (partly too)', () => {
    expect(skipReasonOf('direction', guest('approved', 2))).toBeNull();
    expect(skipReasonOf('thanks', guest('approved', null))).toBeNull();
    expect(skipReasonOf('direction', guest('approved', 0))).toBe('notComing');
    expect(skipReasonOf('thanks', guest('declined', 0))).toBe('notComing');
    expect(skipReasonOf('direction', guest('approved', 2, true))).toBe('optedOut');
  });
});
