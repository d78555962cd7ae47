import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplatesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { buyPackage } from '../../billing/billing-test-kit.js';

// The app as built (app-context.ts), reviewer not swapped: an answer must reach the templates module.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_TEMPLATE_REVIEW_SECONDS: '0' });
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
});

describe('template review wiring', () => {
  it("the app's own sandbox reviewer approves a paid event's text and rejects a broken one", async () => {
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, { langs: ['he'], names: { he: 'החתונה' } });
    await buyPackage(t, token, eventId);
    const edit = (text: string, purpose = 'invitation') =>
      t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body: { purpose, lang: 'he', text } });
    expect((await edit('שלום {guestName}, מוזמנים. לאישור: {link} תודה')).statusCode).toBe(200);
    // A text breaking WhatsApp's static rules is refused at the save now; one already stored (an older revision)
    // still goes to the reviewer, whose rejection must reach the templates module.
    expect((await edit('{guestName} תודה שבאתם', 'thanks')).statusCode).toBe(400);
    expect((await edit('תודה שבאתם, {guestName}!', 'thanks')).statusCode).toBe(200);
    const thanks = (
      await t.ctx.db.execute<{ id: string; revision: number }>(
        sql`update message_templates set revision = revision + 1, status = 'pendingApproval', text = '{guestName} תודה שבאתם'
            where event_id = ${eventId} and purpose = 'thanks' returning id, revision`,
      )
    ).rows[0]!;
    await t.ctx.messaging.templateReviewer.submit({ templateId: thanks.id, revision: thanks.revision, eventId, purpose: 'thanks', lang: 'he', text: '{guestName} תודה שבאתם' });
    const deadline = Date.now() + 10_000;
    let templates: MessageTemplatesResponse['templates'] = [];
    while (Date.now() < deadline) {
      templates = ((await t.request('GET', `/messageTemplate/${eventId}`, { token })).json() as MessageTemplatesResponse).templates;
      if (templates.every((template) => template.status !== 'pendingApproval')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Object.fromEntries(templates.map((template) => [template.purpose, template.status]))).toEqual({ invitation: 'approved', thanks: 'rejected' });
  });
});
