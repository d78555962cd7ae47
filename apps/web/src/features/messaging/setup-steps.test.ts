import { describe, expect, it } from 'vitest';
import { setupSteps } from './setup-steps';

describe('setupSteps', () => {
  it('marks what is done and links each step to its screen', () => {
    const steps = setupSteps({ eventId: 'e1', groups: 0, guests: 3, templatesChecked: false, paid: true, timingsChecked: true });
    expect(steps.map((step) => [step.key, step.done])).toEqual([
      ['groups', false],
      ['guests', true],
      ['templates', false],
      ['payment', true],
      ['timings', true],
    ]);
    expect(steps.find((step) => step.key === 'payment')?.to).toBe('/pricing/e1');
    expect(steps.find((step) => step.key === 'templates')?.to).toBe('/event/e1/message-template');
  });
});
