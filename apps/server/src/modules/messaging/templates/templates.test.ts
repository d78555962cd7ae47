import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG, type MessageTemplatesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, sendMultipart, useFakePlaces } from '../../events/event-test-kit.js';
import { buyPackage, clickSandbox, createOrder } from '../../billing/billing-test-kit.js';
import { createSandboxTemplateReviewer } from '../../../providers/messaging/sandbox-template-reviewer.js';
import type { TemplateReviewResult } from '../../../providers/messaging/index.js';
import { DEFAULT_TEXTS } from './default-texts.js';
import { applyTemplateReview, resubmitLostSandboxReviews, submitTemplatesOnPayment } from './templates.service.js';

let t: TestApp;
const REVIEW_SECONDS = 0.3;
/**
 * Reviews a test holds wait for its release() and then take their delay from there: what it reads between a change
 * and the review then says 'pendingApproval' however busy the machine is (a read 0.3 s after a change found the
 * review already answered). Not held, they answer after the delay, as the sandbox does.
 */
let held: { delayMs: number; task: () => void }[] | undefined;
const releaseReviews = () => {
  for (const { delayMs, task } of held ?? []) setTimeout(task, delayMs).unref();
  held = undefined;
};
const holdReviews = () => {
  held = [];
  return releaseReviews;
};
// A test that failed while holding them leaves none held for the next.
afterEach(releaseReviews);
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  // The sandbox reviewer with a short delay, answering into this app's templates module (as app-context wires it).
  t.ctx.messaging.templateReviewer = createSandboxTemplateReviewer({
    reviewSeconds: REVIEW_SECONDS,
    schedule: (delayMs, task) => {
      if (held) held.push({ delayMs, task });
      else setTimeout(task, delayMs).unref();
    },
    onReviewed: async (result) => {
      await applyTemplateReview(t.ctx, result);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const INVITATION_HE = 'שלום {guestName}, מוזמנים ל-{eventName}. לאישור: {link} תודה';
const get = (token: string, eventId: string) => t.request('GET', `/messageTemplate/${eventId}`, { token });
const edit = (token: string, eventId: string, body: object) => t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body });
const remove = (token: string, eventId: string, lang: string) => t.request('DELETE', `/messageTemplate/delete/${eventId}/${lang}`, { token });
const templatesOf = async (token: string, eventId: string) => ((await get(token, eventId)).json() as MessageTemplatesResponse).templates;
const rowsOf = async (eventId: string) =>
  (
    await t.ctx.db.execute<{ purpose: string; round: number; lang: string; status: string; revision: number; provider_template_id: string | null }>(
      sql`select purpose, round, lang, status, revision, provider_template_id from message_templates where event_id = ${eventId} order by purpose, round, lang`,
    )
  ).rows;

const waitForStatus = async (token: string, eventId: string, match: (templates: MessageTemplatesResponse['templates']) => boolean) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const templates = await templatesOf(token, eventId);
    if (match(templates)) return templates;
    if (Date.now() > deadline) throw new Error(`templates never matched: ${JSON.stringify(templates)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const hostWithEvent = async (langs: ('he' | 'en' | 'ru' | 'ar')[] = ['he', 'en']) => {
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token, { langs, names: Object.fromEntries(langs.map((lang) => [lang, `Event ${lang}`])) });
  return { token, eventId };
};

describe('message templates: reading and editing', () => {
  it('answers the defaults for every purpose in each event language, and no host texts at first', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'ar']);
    const res = await get(token, eventId);
    expect(res.statusCode).toBe(200);
    const body = res.json() as MessageTemplatesResponse;
    expect(body.templates).toEqual([]);
    expect(body.defaults).toHaveLength(8);
    expect(body.defaults).toContainEqual(expect.objectContaining({ purpose: 'invitation', lang: 'he', text: DEFAULT_TEXTS.invitation.he }));
    expect(body.defaults).toContainEqual(expect.objectContaining({ purpose: 'thanks', lang: 'ar', text: DEFAULT_TEXTS.thanks.ar }));
    expect(body.defaults.some((d) => d.lang === 'en')).toBe(false);
  });

  it('saves a text before payment as pendingPayment, replaces it on a second edit, and keeps round texts apart', async () => {
    const { token, eventId } = await hostWithEvent();
    const res = await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    expect(res.statusCode).toBe(200);
    expect((res.json() as MessageTemplatesResponse).templates).toEqual([
      { purpose: 'invitation', round: null, lang: 'he', text: INVITATION_HE, status: 'pendingPayment', reason: null, updatedAt: expect.any(String) },
    ]);
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: `${INVITATION_HE}!` });
    await edit(token, eventId, { purpose: 'invitation', round: 2, lang: 'he', text: 'תזכורת {guestName}: {link} תודה' });
    await edit(token, eventId, { purpose: 'direction', lang: 'en', text: 'Hi {guestName}, the way: {navigationLink} see you' });
    const templates = await templatesOf(token, eventId);
    expect(templates.map((x) => [x.purpose, x.round, x.lang, x.status])).toEqual([
      ['direction', null, 'en', 'pendingPayment'],
      ['invitation', null, 'he', 'pendingPayment'],
      ['invitation', 2, 'he', 'pendingPayment'],
    ]);
    expect(templates[1]?.text).toBe(`${INVITATION_HE}!`);
    // Nothing went to review before the payment.
    expect((await rowsOf(eventId)).every((row) => row.provider_template_id === null)).toBe(true);
  });

  it('refuses unknown placeholders, a missing required one, a language outside the event and a round outside the invitation', async () => {
    const { token, eventId } = await hostWithEvent();
    const refuse = async (body: object, path: string, message: string) => {
      const res = await edit(token, eventId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path, message }] });
    };
    await refuse({ purpose: 'invitation', lang: 'he', text: 'שלום {name} {link} ok' }, 'text', MSG.templateUnknownPlaceholder('name'));
    await refuse({ purpose: 'invitation', lang: 'he', text: 'שלום {guestName}, ok' }, 'text', MSG.templateNeedsPlaceholder('link'));
    await refuse({ purpose: 'direction', lang: 'en', text: 'Hi {guestName}: {link} ok' }, 'text', MSG.templateNeedsPlaceholder('navigationLink'));
    await refuse({ purpose: 'thanks', lang: 'ru', text: 'Спасибо, {guestName}!' }, 'lang', MSG.invalidValue);
    await refuse({ purpose: 'thanks', round: 2, lang: 'en', text: 'Thanks {guestName}!' }, 'round', MSG.invalidValue);
    const bidi = await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks \u202e{guestName}!' });
    expect(bidi.statusCode).toBe(400);
    const long = await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: `Thanks {guestName} ${'x'.repeat(1100)}` });
    expect(long.statusCode).toBe(400);
    // Thanks needs no placeholder at all.
    expect((await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thank you for coming!' })).statusCode).toBe(200);
    expect(await templatesOf(token, eventId)).toHaveLength(1);
  });

  it('deletes the texts of one language only (back to the defaults there)', async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    await edit(token, eventId, { purpose: 'thanks', lang: 'he', text: 'תודה {guestName}!' });
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}!' });
    const res = await remove(token, eventId, 'he');
    expect(res.statusCode).toBe(200);
    expect((res.json() as MessageTemplatesResponse).templates.map((x) => [x.purpose, x.lang])).toEqual([['thanks', 'en']]);
    expect((await remove(token, eventId, 'xx')).statusCode).toBe(400);
  });

  it("hides the texts of a language the event dropped, and shows them again when it comes back", async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}!' });
    const editLangs = (langs: string[]) => sendMultipart(t, 'POST', `/event/editEvent/${eventId}`, [{ name: 'data', value: JSON.stringify({ langs }) }], token);
    expect((await editLangs(['he'])).statusCode).toBe(200);
    const without = (await get(token, eventId)).json() as MessageTemplatesResponse;
    expect(without.templates).toEqual([]);
    expect(without.defaults.map((d) => d.lang)).toEqual(['he', 'he', 'he', 'he']);
    expect((await editLangs(['he', 'en'])).statusCode).toBe(200);
    expect((await templatesOf(token, eventId)).map((x) => x.text)).toEqual(['Thanks {guestName}!']);
  });

  it('refuses another host, and a caller without a session, on every endpoint', async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}!' });
    const other = await signUpHost(t);
    expect((await get(other.token, eventId)).statusCode).toBe(404);
    expect((await edit(other.token, eventId, { purpose: 'thanks', lang: 'en', text: 'Mine {guestName}!' })).statusCode).toBe(404);
    expect((await remove(other.token, eventId, 'en')).statusCode).toBe(404);
    expect((await t.request('GET', `/messageTemplate/${eventId}`)).statusCode).toBe(401);
    expect((await t.request('POST', `/messageTemplate/edit/${eventId}`, { body: { purpose: 'thanks', lang: 'en', text: 'x' } })).statusCode).toBe(401);
    expect((await t.request('DELETE', `/messageTemplate/delete/${eventId}/en`)).statusCode).toBe(401);
    const [row] = await templatesOf(token, eventId);
    expect(row?.text).toBe('Thanks {guestName}!');
  });
});

describe('message templates: the review lifecycle', () => {
  it('submits pendingPayment texts on payment, approves them after the sandbox delay, and a replayed payment submits nothing again', async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, see you!' });
    const release = holdReviews();
    await buyPackage(t, token, eventId);
    const pending = await templatesOf(token, eventId);
    expect(pending.map((x) => x.status)).toEqual(['pendingApproval', 'pendingApproval']);
    expect((await rowsOf(eventId)).map((row) => row.revision)).toEqual([2, 2]);
    const started = Date.now();
    release();
    const approved = await waitForStatus(token, eventId, (templates) => templates.every((x) => x.status === 'approved'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(REVIEW_SECONDS * 1000);
    expect(approved.every((x) => x.reason === null)).toBe(true);
    expect((await rowsOf(eventId)).every((row) => row.provider_template_id?.startsWith('sandbox-'))).toBe(true);

    await submitTemplatesOnPayment(t.ctx, eventId);
    expect((await templatesOf(token, eventId)).map((x) => x.status)).toEqual(['approved', 'approved']);
    expect((await rowsOf(eventId)).map((row) => row.revision)).toEqual([2, 2]);
  });

  it('an edit racing the payment is never left waiting for a payment that happened', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en', 'ru', 'ar']);
    const { checkoutUrl } = await createOrder(t, token, eventId);
    const texts = (['he', 'en', 'ru', 'ar'] as const).flatMap((lang) => [
      { purpose: 'thanks', lang, text: `Thanks {guestName} (${lang})!` },
      { purpose: 'invitation', lang, text: `Hi {guestName}: {link} (${lang})` },
    ]);
    const results = await Promise.all([clickSandbox(t, checkoutUrl, 'pay'), ...texts.map((body) => edit(token, eventId, body))]);
    expect(results.map((res) => res.statusCode)).toEqual([303, ...texts.map(() => 200)]);
    const templates = await templatesOf(token, eventId);
    expect(templates).toHaveLength(texts.length);
    expect(templates.filter((x) => x.status === 'pendingPayment')).toEqual([]);
    await waitForStatus(token, eventId, (all) => all.every((x) => x.status === 'approved'));
  });

  it("before payment, each of WhatsApp's static rules refuses the save, naming the real problem", async () => {
    const { token, eventId } = await hostWithEvent();
    const cases: [object, string][] = [
      // {link} at the end: the reason names {link}, not the {guestName} earlier in the text
      [{ purpose: 'invitation', lang: 'he', text: 'שלום {guestName}, לאישור: {link}' }, MSG.templateVariableAtEnd('link')],
      [{ purpose: 'invitation', lang: 'he', text: 'שלום {guestName}, לאישור: {link}  \n' }, MSG.templateVariableAtEnd('link')],
      [{ purpose: 'invitation', round: 2, lang: 'he', text: '{guestName}, לאישור: {link} תודה' }, MSG.templateVariableAtStart('guestName')],
      [{ purpose: 'invitation', round: 3, lang: 'he', text: 'שלום {guestName}{eventName}: {link} תודה' }, MSG.templateVariablesSideBySide('guestName', 'eventName')],
      [{ purpose: 'invitation', lang: 'en', text: 'Hi {guestName}, on {date} {time}: {link} thanks' }, MSG.templateVariablesSideBySide('date', 'time')],
      [{ purpose: 'direction', lang: 'he', text: 'שלום {guestName}: {navigationLink} או {link} נתראה' }, MSG.templateManyLinks],
      [{ purpose: 'direction', lang: 'en', text: 'Hi {guestName}: {navigationLink} or https://maps.example see you' }, MSG.templateManyLinks],
      [{ purpose: 'thanks', lang: 'en', text: 'Thanks for coming, {guestName}' }, MSG.templateVariableAtEnd('guestName')],
      // (A body over 1,024 characters is refused by the edit's own schema first; the shared rule names the limit too.)
    ];
    for (const [body, message] of cases) {
      const res = await edit(token, eventId, body);
      expect([res.statusCode, res.json()]).toEqual([400, expect.objectContaining({ code: 'VALIDATION', issues: [{ path: 'text', message }] })]);
    }
    expect(await templatesOf(token, eventId)).toEqual([]);
    // The same texts fixed save, waiting for the payment.
    const fixed = await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: 'שלום {guestName}, לאישור: {link} תודה' });
    expect(fixed.statusCode).toBe(200);
    expect((fixed.json() as MessageTemplatesResponse).templates[0]).toMatchObject({ status: 'pendingPayment', reason: null });
  });

  it('after payment an edit goes straight to review and is approved; a later edit resubmits', async () => {
    const { token, eventId } = await hostWithEvent();
    await buyPackage(t, token, eventId);
    let release = holdReviews();
    const first = await edit(token, eventId, { purpose: 'thanks', lang: 'he', text: 'תודה {guestName}, היה מרגש!' });
    expect((first.json() as MessageTemplatesResponse).templates[0]).toMatchObject({ status: 'pendingApproval', reason: null });
    release();
    await waitForStatus(token, eventId, (templates) => templates[0]?.status === 'approved');
    release = holdReviews();
    const fixed = await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    expect((fixed.json() as MessageTemplatesResponse).templates.find((x) => x.purpose === 'invitation' && x.round === null)).toMatchObject({
      status: 'pendingApproval',
      reason: null,
    });
    release();
    await waitForStatus(token, eventId, (templates) => templates.find((x) => x.purpose === 'invitation' && x.round === null)?.status === 'approved');
  });

  it('ignores an answer for an older revision, and a second answer for the same one', async () => {
    const { token, eventId } = await hostWithEvent();
    await buyPackage(t, token, eventId);
    const submitted: { templateId: string; revision: number }[] = [];
    const real = t.ctx.messaging.templateReviewer;
    // Records the submissions and answers nothing, so the test plays the provider's answers itself.
    t.ctx.messaging.templateReviewer = {
      name: 'silent',
      submit: (template) => {
        submitted.push({ templateId: template.templateId, revision: template.revision });
        return Promise.resolve({ providerTemplateId: `silent-${template.revision}` });
      },
    };
    try {
      await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, first!' });
      await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, second!' });
    } finally {
      t.ctx.messaging.templateReviewer = real;
    }
    const [first, second] = submitted;
    expect(second?.revision).toBe((first?.revision ?? 0) + 1);
    const answer = (revision: number, status: TemplateReviewResult['status']) =>
      applyTemplateReview(t.ctx, { templateId: first?.templateId ?? '', revision, status, reason: status === 'rejected' ? 'late' : null });
    expect(await answer(first?.revision ?? 0, 'approved')).toBe(false);
    expect((await templatesOf(token, eventId))[0]).toMatchObject({ status: 'pendingApproval', text: 'Thanks {guestName}, second!' });
    expect(await answer(second?.revision ?? 0, 'rejected')).toBe(true);
    expect(await answer(second?.revision ?? 0, 'approved')).toBe(false);
    expect((await templatesOf(token, eventId))[0]).toMatchObject({ status: 'rejected', reason: 'late' });
    expect((await rowsOf(eventId))[0]?.provider_template_id).toBe(`silent-${second?.revision}`);
  });

  it('a new invitation image resubmits the invitation texts of a paid event (not the others)', async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, see you!' });
    await buyPackage(t, token, eventId);
    await waitForStatus(token, eventId, (templates) => templates.every((x) => x.status === 'approved'));
    const before = await rowsOf(eventId);
    let release = holdReviews();
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer();
    const res = await sendMultipart(
      t,
      'POST',
      `/event/editEvent/${eventId}`,
      [
        { name: 'data', value: '{}' },
        { name: 'image', value: image, filename: 'hall.png', contentType: 'image/png' },
      ],
      token,
    );
    expect(res.statusCode).toBe(200);
    const after = await templatesOf(token, eventId);
    expect(after.find((x) => x.purpose === 'invitation')?.status).toBe('pendingApproval');
    expect(after.find((x) => x.purpose === 'thanks')?.status).toBe('approved');
    const rows = await rowsOf(eventId);
    expect(rows.find((row) => row.purpose === 'invitation')?.revision).toBe((before.find((row) => row.purpose === 'invitation')?.revision ?? 0) + 1);
    release();
    await waitForStatus(token, eventId, (templates) => templates.every((x) => x.status === 'approved'));

    // Taking the image away changes the template too.
    release = holdReviews();
    expect((await t.request('DELETE', `/event/deleteImage/${eventId}`, { token })).statusCode).toBe(200);
    expect((await templatesOf(token, eventId)).map((x) => [x.purpose, x.status])).toEqual([
      ['invitation', 'pendingApproval'],
      ['thanks', 'approved'],
    ]);
    release();
  });

  it('an image change before the payment leaves the texts waiting for it', async () => {
    const { token, eventId } = await hostWithEvent();
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: INVITATION_HE });
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
    const res = await sendMultipart(t, 'POST', `/event/editEvent/${eventId}`, [{ name: 'data', value: '{}' }, { name: 'image', value: image, filename: 'a.png', contentType: 'image/png' }], token);
    expect(res.statusCode).toBe(200);
    expect((await templatesOf(token, eventId)).map((x) => x.status)).toEqual(['pendingPayment']);
  });

  it('submits again a sandbox review a restart lost, only once it is well past the delay', async () => {
    const { token, eventId } = await hostWithEvent();
    await buyPackage(t, token, eventId);
    const real = t.ctx.messaging.templateReviewer;
    // A sandbox that took the template and then went away (its timer died with the process).
    t.ctx.messaging.templateReviewer = { name: 'sandbox', submit: () => Promise.resolve({ providerTemplateId: 'lost' }) };
    try {
      await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, really!' });
    } finally {
      t.ctx.messaging.templateReviewer = real;
    }
    const [before] = await rowsOf(eventId);
    await resubmitLostSandboxReviews(t.ctx);
    expect((await rowsOf(eventId))[0]?.revision).toBe(before?.revision);

    const later = new Date(Date.now() + (t.config.messaging.sandboxTemplateReviewSeconds + 121) * 1000);
    t.ctx.messaging.templateReviewer = { name: 'cloud', submit: () => Promise.reject(new Error('must not be called')) };
    try {
      expect(await resubmitLostSandboxReviews(t.ctx, later)).toBe(0);
    } finally {
      t.ctx.messaging.templateReviewer = real;
    }
    expect(await resubmitLostSandboxReviews(t.ctx, later)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(eventId))[0]?.revision).toBe((before?.revision ?? 0) + 1);
    await waitForStatus(token, eventId, (templates) => templates[0]?.status === 'approved');
  });
});
