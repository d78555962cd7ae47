import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, smsPartsOf, type Lang } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { addGuest } from '../../guests/guest-test-kit.js';
import { readGuestsForSending } from '../engine/outbox.repository.js';
import { listRecipients } from '../messages.repository.js';
import { createMessageRenderer } from './render.js';
import { applyTemplateReview } from './templates.service.js';

/** Issue 31: `{table}` in the direction message, and the default direction text's table line (real database). */

let t: TestApp;
let token: string;
let eventId: string;
const seated = {} as Record<Lang, string>;
const unseated = {} as Record<Lang, string>;

const NAMES = { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding", ru: 'Свадьба Ноа и Дани', ar: 'زفاف نوعا وداني' };

/** The guests as the sender reads them just before sending (the real query, with the table). */
const sendingGuest = async (guestId: string) => (await readGuestsForSending(t.ctx.db, [guestId]))[0]!;

const hostText = async (body: { purpose: string; lang: Lang; text: string }) => {
  const res = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = (
    await t.ctx.db.execute<{ id: string; revision: number }>(
      sql`select id, revision from message_templates where event_id = ${eventId} and purpose = ${body.purpose} and round = 1 and lang = ${body.lang}`,
    )
  ).rows;
  // What a paid event's save does (the review starts), then the review approves it.
  await t.ctx.db.execute(sql`update message_templates set status = 'pendingApproval' where id = ${row!.id}::uuid`);
  expect(await applyTemplateReview(t.ctx, { templateId: row!.id, revision: row!.revision, status: 'approved', reason: null })).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  t.ctx.messaging.templateReviewer = { name: 'silent', submit: (x) => Promise.resolve({ providerTemplateId: `wa-${x.purpose}-${x.lang}-${x.revision}` }) };
  token = (await signUpHost(t)).token;
  eventId = await createEvent(t, token, { names: NAMES, langs: ['he', 'en', 'ru', 'ar'], defaultLang: 'he', date: '2027-03-11', time: '19:30' });
  const res = await t.request('POST', `/seating/${eventId}/tables`, { token, body: { number: 12, capacity: 30, name: 'Family' } });
  const tableId = (res.json() as { tables: { id: string }[] }).tables[0]!.id;
  for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
    const a = await addGuest(t, token, eventId, { fullName: `Seated ${lang}`, lang });
    expect((await t.request('PUT', `/seating/${eventId}/guests/${a.id}`, { token, body: { tableId } })).statusCode).toBe(200);
    seated[lang] = a.id;
    unseated[lang] = (await addGuest(t, token, eventId, { fullName: `Unseated ${lang}`, lang })).id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the default direction message', () => {
  it('gets the table line before the directions for a seated guest, in each language, by WhatsApp and SMS; none without a table', async () => {
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const lines: Record<Lang, string> = { he: 'השולחן שלך: 12 (Family)', en: 'Your table: 12 (Family)', ru: 'Ваш стол: 12 (Family)', ar: 'طاولتك: 12 (Family)' };
    const directions: Record<Lang, string> = { he: 'לניווט:', en: 'Directions:', ru: 'Как добраться:', ar: 'للوصول إلى المكان:' };
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const guest = await sendingGuest(seated[lang]);
      expect(guest).toMatchObject({ tableNumber: 12, tableName: 'Family' });
      const wa = renderer.render({ guest, action: 'direction', channel: 3 });
      expect(wa.text).toContain(`\n${lines[lang]}\n${directions[lang]}`);
      const sms = renderer.render({ guest, action: 'direction', channel: 1 });
      expect(sms.text).toContain(`${lines[lang]}\n`);
      expect(sms.smsParts).toBe(smsPartsOf(sms.text).parts);

      const other = await sendingGuest(unseated[lang]);
      expect(other.tableNumber).toBeNull();
      const plain = renderer.render({ guest: other, action: 'direction', channel: 3 });
      expect(plain.text).not.toContain(lines[lang].split(':')[0]!);
      expect(plain.text).not.toMatch(/\n\n|: \n/);
      expect(renderer.render({ guest: other, action: 'direction', channel: 1 }).text).not.toContain(lines[lang].split(':')[0]!);
      // Only the direction message: the invitation never speaks of tables.
      expect(renderer.render({ guest, action: 'round1', channel: 3 }).text).not.toContain(lines[lang].split(':')[0]!);
    }
  });

  it('counts the table line in the SMS cost estimate (the recipients carry their table)', async () => {
    await t.ctx.db.execute(sql`update guests set status = 'approved', attending = 1 where id in (${seated.he}::uuid, ${unseated.he}::uuid)`);
    const rows = await listRecipients(t.ctx.db, eventId, 'direction');
    expect(rows.find((r) => r.id === seated.he)).toMatchObject({ tableNumber: 12, tableName: 'Family' });
    expect(rows.find((r) => r.id === unseated.he)).toMatchObject({ tableNumber: null, tableName: null });
  });
});

describe('a host text with {table}', () => {
  it('is accepted in the direction message only, and the placeholder list knows it', async () => {
    const res = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body: { purpose: 'invitation', lang: 'en', text: 'Hi {guestName}, table {table}: {link} ok' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'text', message: MSG.templateUnknownPlaceholder('table') }] });
    const thanks = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body: { purpose: 'thanks', lang: 'en', text: 'Thank you {guestName} from table {table}!' } });
    expect(thanks.statusCode).toBe(400);
  });

  it('renders the guest table where the host put it, and drops that line for a guest without a table', async () => {
    await hostText({ purpose: 'direction', lang: 'en', text: 'Hi {guestName}, see you tonight.\nYou sit at table {table}.\nDirections: {navigationLink}\nThanks!' });
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const guest = await sendingGuest(seated.en);
    for (const channel of [3, 1] as const) {
      const text = renderer.render({ guest, action: 'direction', channel }).text;
      expect(text).toContain('You sit at table 12 (Family).\nDirections:');
      // The host's text decides: no default table line besides.
      expect(text).not.toContain('Your table:');
    }
    const other = renderer.render({ guest: await sendingGuest(unseated.en), action: 'direction', channel: 3 }).text;
    expect(other).toContain('Hi Unseated en, see you tonight.\nDirections:');
    expect(other).not.toContain('table');
  });
});
