import { describe, expect, it } from 'vitest';
import { dlrOutcomeOf, sendRefusalOf } from './status-codes.js';

describe('019 DLR statuses', () => {
  // Every status in errors-and-status.html, and what the outbox makes of it.
  it.each([
    [0, { state: 'delivered' }],
    [102, { state: 'delivered' }],
    [-1, { state: 'sent' }],
    [2, { state: 'sent' }],
    [1, { state: 'failed', reason: 'undeliverable' }],
    [3, { state: 'failed', reason: 'undeliverable' }],
    [4, { state: 'failed', reason: 'undeliverable' }],
    [5, { state: 'failed', reason: 'undeliverable' }],
    [6, { state: 'failed', reason: 'undeliverable' }],
    [7, { state: 'failed', reason: 'noCredit' }],
    [14, { state: 'failed', reason: 'undeliverable' }],
    [15, { state: 'failed', reason: 'kosherNoSms' }],
    [16, { state: 'failed', reason: 'notAllowedNow' }],
    [17, { state: 'failed', reason: 'optedOut' }],
    [18, { state: 'failed', reason: 'illegalMessage' }],
    [101, { state: 'failed', reason: 'undeliverable' }],
    [103, { state: 'failed', reason: 'undeliverable' }],
    [104, { state: 'failed', reason: 'undeliverable' }],
    [105, { state: 'failed', reason: 'undeliverable' }],
    [108, { state: 'failed', reason: 'undeliverable' }],
    [120, { state: 'failed', reason: 'undeliverable' }],
    [132, { state: 'failed', reason: 'undeliverable' }],
    [201, { state: 'failed', reason: 'optedOut' }],
    [747, { state: 'failed', reason: 'undeliverable' }],
    [998, { state: 'failed', reason: 'undeliverable' }],
    [999, { state: 'failed', reason: 'undeliverable' }],
  ] as const)('%i → %o', (status, outcome) => {
    expect(dlrOutcomeOf(status)).toEqual(outcome);
  });

  it.each([8, 13, 19, 100, 133, 200, 500, -2, 1.5])('%s is not a documented status: ignored', (status) => {
    expect(dlrOutcomeOf(status)).toBeNull();
  });
});

describe('019 send refusals', () => {
  it.each([
    [8, true, 'optedOut', false],
    [9, true, 'invalidNumber', false],
    [1, true, null, false],
    [2, true, null, false],
    [7, true, null, false],
    [3, false, null, true],
    [4, false, 'noCredit', false],
    [5, false, 'notAllowedNow', false],
    [6, false, null, false],
    [10, false, null, true],
    [11, false, null, true],
    [12, false, 'noCredit', false],
    [502, false, null, false],
  ] as const)('status %i: permanent %s, reason %s, account-wide %s', (status, permanent, reason, accountWide) => {
    expect(sendRefusalOf(status)).toEqual({ code: `sms019:${status}`, permanent, reason, accountWide });
  });
});
