import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { MessageTemplatesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../../../test/fake-whatsapp.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { buyPackage } from '../../billing/billing-test-kit.js';
import { addGuest } from '../../guests/guest-test-kit.js';
import { whatsappTemplates } from '../../../db/schema/whatsapp.js';
import { DEFAULT_TEXTS } from '../templates/default-texts.js';
import { createMessageRenderer } from '../templates/render.js';

/**
 * The whole path on MESSAGING_PROVIDER=whatsapp-cloud: the real adapter against the fake Graph API, Meta's
 * template status webhooks signed and posted to /api/webhooks/whatsapp, processed by the webhook jobs.
 */
let t: TestApp;
let fake: FakeWhatsApp;
beforeAll(async () => {
  let target: TestApp | null = null;
  fake = await startFakeWhatsApp({
    deliverWebhook: async (raw, signature) => {
      if (!target) throw new Error('app not ready');
      const res = await target.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: raw,
      });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
    },
  });
  t = await createTestApp(fake.env);
  target = t;
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};
const rowsOf = (eventId: string) =>
  t.ctx.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.eventId, eventId)).orderBy(asc(whatsappTemplates.createdAt));
const hostTemplates = async (token: string, eventId: string) =>
  ((await t.request('GET', `/messageTemplate/${eventId}`, { token })).json() as MessageTemplatesResponse).templates;

const HOST_TEXT = 'היי {guestName}, מחכים לך! לאישור: {link} תודה';

describe('templates on Meta, end to end (fake Graph API)', () => {
  it("payment creates the templates on Meta; Meta's rejection webhook reaches the host's screen; the approved default is what WhatsApp sends", async () => {
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, { langs: ['he'], defaultLang: 'he', names: { he: 'החתונה' } });
    const edit = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body: { purpose: 'invitation', lang: 'he', text: HOST_TEXT } });
    expect(edit.statusCode).toBe(200);
    expect(fake.templates.size).toBe(0);

    await buyPackage(t, token, eventId);
    const rows = await waitFor('three templates on Meta', async () => {
      const found = await rowsOf(eventId);
      return found.length === 3 && found.every((row) => row.status === 'pending') && found;
    });
    const custom = rows.find((row) => row.purpose === 'invitation');
    const onMeta = fake.templateByName(custom!.name, 'he');
    expect(onMeta).toMatchObject({ id: custom?.providerId, status: 'PENDING' });
    expect(custom).toMatchObject({ source: 'custom', text: HOST_TEXT });

    await fake.reject(custom!.name, 'INVALID_FORMAT', 'he');
    await fake.settled();
    await waitFor('the rejection on the host screen', async () => {
      const [text] = await hostTemplates(token, eventId);
      return text?.status === 'rejected' && text;
    });
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'rejected', reason: 'INVALID_FORMAT' });

    const fallback = await waitFor('the default invitation on Meta', async () => {
      const found = (await rowsOf(eventId)).find((row) => row.purpose === 'invitation' && row.source === 'default' && row.providerId);
      return found && fake.templateByName(found.name, 'he') && found;
    });
    expect(fallback.text).toBe(DEFAULT_TEXTS.invitation.he);
    await fake.approve(fallback.name, 'he');
    await fake.settled();
    await waitFor('the default approved', async () => (await rowsOf(eventId)).some((row) => row.id === fallback.id && row.status === 'approved'));

    const guest = await addGuest(t, token, eventId, { fullName: 'יעל', lang: 'he' });
    const rendered = (await createMessageRenderer(t.ctx, eventId)).render({
      guest: { id: guest.id, fullName: 'יעל', lang: 'he', inviteSalt: null },
      action: 'round1',
      channel: 3,
    });
    expect(rendered.template).toMatchObject({ providerTemplateId: fallback.name, quickReplies: true });
  });
});
