import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/env.js';
import { createMessagingProviders } from './create-messaging-providers.js';
import type { InboundReply, MessagingInbox, TemplateReviewResult } from './index.js';

const configFor = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'magiim-providers-')), SANDBOX_TEMPLATE_REVIEW_SECONDS: '0' });

describe('the messaging providers', () => {
  it('are the sandbox channels on one record in DATA_DIR, with replies handed to the inbox', async () => {
    const config = configFor();
    const replies: InboundReply[] = [];
    const inbox: MessagingInbox = { report: async () => {}, reply: async (reply) => void replies.push(reply) };
    const providers = createMessagingProviders(config, () => inbox);
    expect([providers.whatsapp.channel, providers.sms.channel, providers.whatsapp.name, providers.sms.name]).toEqual([3, 1, 'sandbox', 'sandbox']);
    expect(providers.sandbox?.record.file).toBe(path.join(config.dataDir, 'sandbox', 'sent.jsonl'));
    const outboxId = randomUUID();
    await providers.sms.send({ outboxId, channel: 1, to: '+972501234567', text: 'hi', lang: 'en', template: null });
    expect((await providers.sandbox!.record.listNewest(5)).map((r) => r.outboxId)).toEqual([outboxId]);
    const reply: InboundReply = { channel: 1, from: '+972501234567', text: 'stop', at: new Date() };
    await providers.sandbox!.reply(reply);
    expect(replies).toEqual([reply]);
  });

  it("hand the template reviewer's answers to the templates module, and its failures to the error hook", async () => {
    const answers: TemplateReviewResult[] = [];
    const failures: unknown[] = [];
    const inbox: MessagingInbox = { report: async () => {}, reply: async () => {} };
    const providers = createMessagingProviders(configFor(), () => inbox, {
      onTemplateReviewed: async (result) => {
        answers.push(result);
        if (result.revision === 2) throw new Error('gone');
      },
      onTemplateReviewError: (error) => failures.push(error),
    });
    const base = { templateId: randomUUID(), eventId: randomUUID(), purpose: 'invitation' as const, lang: 'he' as const };
    await providers.templateReviewer.submit({ ...base, revision: 1, text: 'שלום {guestName}, לאישור: {link} תודה' });
    await providers.templateReviewer.submit({ ...base, revision: 2, text: '{guestName} שלום' });
    await expect.poll(() => answers.length).toBe(2);
    expect(answers.find((a) => a.revision === 1)).toMatchObject({ status: 'approved', reason: null });
    expect(answers.find((a) => a.revision === 2)).toMatchObject({ status: 'rejected' });
    await expect.poll(() => failures.length).toBe(1);
  });
});
