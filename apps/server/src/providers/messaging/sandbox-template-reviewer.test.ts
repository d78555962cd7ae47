import { describe, expect, it, vi } from 'vitest';
import type { TemplateForReview, TemplateReviewResult } from './index.js';
import { createSandboxTemplateReviewer, whatsappTemplateProblem } from './sandbox-template-reviewer.js';

const template = (text: string, revision = 1): TemplateForReview => ({
  templateId: 'tpl-1',
  revision,
  eventId: 'event-1',
  purpose: 'invitation',
  lang: 'he',
  text,
});

/** A reviewer whose timers are recorded instead of run, so a test decides when the delay has passed. */
const manualReviewer = (reviewSeconds: number) => {
  const results: TemplateReviewResult[] = [];
  const timers: { delayMs: number; task: () => void }[] = [];
  const reviewer = createSandboxTemplateReviewer({
    reviewSeconds,
    onReviewed: (result) => {
      results.push(result);
      return Promise.resolve();
    },
    schedule: (delayMs, task) => timers.push({ delayMs, task }),
  });
  const runTimers = async () => {
    for (const timer of timers.splice(0)) timer.task();
    await Promise.resolve();
  };
  return { reviewer, results, timers, runTimers };
};

describe("WhatsApp's static template rules", () => {
  const ok = 'שלום {guestName}, לאישור הגעה: {link} תודה';
  it('passes a body inside every rule', () => {
    expect(whatsappTemplateProblem(ok)).toBeNull();
    expect(whatsappTemplateProblem(`${'א'.repeat(1000)} {link} ok`)).toBeNull();
  });
  it('rejects a body over 1,024 characters', () => {
    expect(whatsappTemplateProblem(`a {link} ${'b'.repeat(1020)}`)).toMatch(/longer than 1024/);
  });
  it('rejects a variable at the very start or end (spaces around do not hide it)', () => {
    expect(whatsappTemplateProblem('{guestName}, come: {link} thanks')).toMatch(/start or end/);
    expect(whatsappTemplateProblem('Hello, come: {link}')).toMatch(/start or end/);
    expect(whatsappTemplateProblem('Hello, come: {link}  \n')).toMatch(/start or end/);
  });
  it('rejects two variables side by side with nothing between', () => {
    expect(whatsappTemplateProblem('Hello {guestName}{eventName}: {link} thanks')).toMatch(/side by side/);
    expect(whatsappTemplateProblem('Hello {date} {time}: {link} thanks')).toMatch(/side by side/);
    expect(whatsappTemplateProblem('Hello {date}, {time}: {link} thanks')).toBeNull();
  });
  it('rejects more than one link: {link}, {navigationLink} and literal URLs all count', () => {
    expect(whatsappTemplateProblem('Hi {link} and {navigationLink} ok')).toMatch(/more than one link/);
    expect(whatsappTemplateProblem('Hi {link} and https://example.com ok')).toMatch(/more than one link/);
    expect(whatsappTemplateProblem('Hi http://a.example and HTTPS://b.example ok')).toMatch(/more than one link/);
    expect(whatsappTemplateProblem('Hi https://example.com ok')).toBeNull();
  });
});

describe('sandbox template reviewer', () => {
  it('answers only after submit returned: rejected at once with the reason, approved after the review delay', async () => {
    const { reviewer, results, timers, runTimers } = manualReviewer(30);
    const accepted = await reviewer.submit(template('Hello {link}'));
    expect(accepted.providerTemplateId).toMatch(/^sandbox-invitation-he-/);
    expect(results).toEqual([]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([0]);
    await runTimers();
    expect(results).toEqual([{ templateId: 'tpl-1', revision: 1, status: 'rejected', reason: expect.stringMatching(/start or end/) }]);

    await reviewer.submit(template('Hello {guestName}: {link} thanks', 2));
    expect(timers.map((timer) => timer.delayMs)).toEqual([30_000]);
    await runTimers();
    expect(results[1]).toEqual({ templateId: 'tpl-1', revision: 2, status: 'approved', reason: null });
  });

  it('gives every submission its own provider id', async () => {
    const { reviewer } = manualReviewer(1);
    const first = await reviewer.submit(template('Hi {link} ok'));
    const second = await reviewer.submit(template('Hi {link} ok', 2));
    expect(first.providerTemplateId).not.toBe(second.providerTemplateId);
  });

  it('tells onError when the answer cannot be delivered', async () => {
    const errors: unknown[] = [];
    const reviewer = createSandboxTemplateReviewer({
      reviewSeconds: 0,
      onReviewed: () => Promise.reject(new Error('database down')),
      onError: (error) => errors.push(error),
    });
    await reviewer.submit(template('Hi {link} ok'));
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5_000 });
  });
});
