import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './enums.js';
import { GUEST_STATUS_LABELS } from './guest-export-titles.js';

describe('GUEST_STATUS_LABELS', () => {
  it('calls a guest of an unpaid event "not invited yet", never "awaiting payment" (a host reads "you owe us")', () => {
    expect(GUEST_STATUS_LABELS.pending).toEqual({ he: 'טרם הוזמנו', en: 'Not invited yet', ru: 'Ещё не приглашены', ar: 'لم تُرسل لهم دعوة بعد' });
    for (const lang of LANGUAGES) {
      for (const label of Object.values(GUEST_STATUS_LABELS).map((labels) => labels[lang])) expect(label).not.toMatch(/payment|תשלום|оплат|الدفع/i);
    }
  });

  it('says in Hebrew what the guest list says, in the plural', () => {
    expect(GUEST_STATUS_LABELS.approved.he).toBe('מגיעים');
    expect(GUEST_STATUS_LABELS.inProgress.he).toBe('טרם ענו');
    expect(GUEST_STATUS_LABELS.changedDecision.he).toBe('שינו החלטה');
  });
});
