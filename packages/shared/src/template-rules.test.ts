import { describe, expect, it } from 'vitest';
import { TEMPLATE_RULE_REASONS, templateRuleOf } from './schemas/messaging.js';

describe('templateRuleOf', () => {
  it('names the rule of each of WhatsApp static reasons, and nothing for another reason', () => {
    for (const [rule, reason] of Object.entries(TEMPLATE_RULE_REASONS)) expect(templateRuleOf(reason)).toBe(rule);
    expect(templateRuleOf('INVALID_FORMAT')).toBeNull();
  });
});
