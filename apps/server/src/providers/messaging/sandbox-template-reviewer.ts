import { randomUUID } from 'node:crypto';
import { TEMPLATE_RULE_REASONS, whatsappTemplateIssue } from '@magiim/shared';
import type { TemplateForReview, TemplateReviewer, TemplateReviewResult } from './index.js';

/**
 * Why WhatsApp's review would refuse a body at once (its documented static rules, as Twilio's Content API also
 * lints them), or null. The reason is a short English sentence, like Meta's own `reason`.
 */
export const whatsappTemplateProblem = (text: string): string | null => {
  const issue = whatsappTemplateIssue(text);
  return issue ? TEMPLATE_RULE_REASONS[issue.rule] : null;
};

export interface SandboxTemplateReviewerOptions {
  /** Seconds until a template that passes the static rules is approved (SANDBOX_TEMPLATE_REVIEW_SECONDS). */
  reviewSeconds: number;
  /** Where the answer goes (the templates module's `applyTemplateReview`); called after `submit` has returned. */
  onReviewed: (result: TemplateReviewResult) => Promise<void>;
  /** Told when `onReviewed` throws (the sandbox has nobody else to retry it). */
  onError?: (error: unknown, result: TemplateReviewResult) => void;
  /** Runs `task` after `delayMs` (default: an unref'd timer, so a pending review never holds the process open). */
  schedule?: (delayMs: number, task: () => void) => void;
}

const scheduleWithTimer = (delayMs: number, task: () => void) => {
  setTimeout(task, delayMs).unref();
};

/**
 * The sandbox's WhatsApp review: a body breaking a static rule is rejected at once (with the reason), the rest
 * approved after `reviewSeconds`. Answers come asynchronously, as Meta's `message_template_status_update` does.
 * Pending reviews live in memory: a restart before the delay leaves that revision pending until the next edit.
 */
export const createSandboxTemplateReviewer = (options: SandboxTemplateReviewerOptions): TemplateReviewer => {
  const schedule = options.schedule ?? scheduleWithTimer;
  const answer = (result: TemplateReviewResult, delayMs: number) =>
    schedule(delayMs, () => {
      options.onReviewed(result).catch((error: unknown) => options.onError?.(error, result));
    });
  return {
    name: 'sandbox',
    submit: (template: TemplateForReview) => {
      const problem = whatsappTemplateProblem(template.text);
      const base = { templateId: template.templateId, revision: template.revision };
      if (problem) answer({ ...base, status: 'rejected', reason: problem }, 0);
      else answer({ ...base, status: 'approved', reason: null }, options.reviewSeconds * 1000);
      return Promise.resolve({ providerTemplateId: `sandbox-${template.purpose}-${template.lang}-${randomUUID()}` });
    },
  };
};
