import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { addDays, OPT_OUT_LINES, todayInBusinessZone, type Lang, type MessageTemplatesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { buyPackage } from '../../billing/billing-test-kit.js';
import { addGuest } from '../../guests/guest-test-kit.js';
import { inviteTokenOf } from '../../events/invite-links.js';
import { whatsappTemplates, type WhatsAppTemplateRow } from '../../../db/schema/whatsapp.js';
import type { WhatsAppReviewStatus, WhatsAppTemplateApi, WhatsAppTemplateDraft, WhatsAppTemplateInfo } from '../../../providers/messaging/index.js';
import { DEFAULT_TEXTS } from '../templates/default-texts.js';
import { createMessageRenderer, type RenderGuest } from '../templates/render.js';
import { resubmitInvitationTemplates } from '../templates/templates.service.js';
import {
  applyWhatsAppTemplateUpdate,
  deletePastEventTemplates,
  kickTemplateSync,
  recheckTemplates,
  SUBMITTING_STALE_MS,
  syncEventTemplates,
  TEMPLATE_SYNC_JOB,
} from './template-sync.js';

/**
 * Meta's template management in memory (the WhatsAppTemplateApi port). One for the whole file: jobs a test kicked
 * may still run after it, so every assertion filters by its own event's names.
 */
const createFakeMeta = () => {
  const stored = new Map<string, WhatsAppTemplateInfo & { draft: WhatsAppTemplateDraft }>();
  let seq = 0;
  const infoOf = (entry: WhatsAppTemplateInfo & { draft: WhatsAppTemplateDraft }): WhatsAppTemplateInfo => ({
    providerId: entry.providerId,
    name: entry.name,
    status: entry.status,
    category: entry.category,
    reason: entry.reason,
  });
  const fake = {
    creates: [] as WhatsAppTemplateDraft[],
    deletes: [] as string[],
    /** The next create of a name containing `match` fails: before Meta stored it, or after (the answer lost). */
    failures: [] as { match: string; when: 'before' | 'after' | 'refuse' | 'overtaken' }[],
    /** Meta changes its mind without a webhook (the re-read finds it). */
    setStatus(name: string, status: WhatsAppReviewStatus) {
      const entry = stored.get(name);
      if (entry) entry.status = status;
    },
    api: {
      create: async (draft) => {
        fake.creates.push(draft);
        const failure = fake.failures.find((f) => draft.name.includes(f.match));
        if (failure) fake.failures.splice(fake.failures.indexOf(failure), 1);
        if (failure?.when === 'before') throw new Error('connection reset');
        // As the adapter's WhatsAppApiError: Meta answered, and refused the template.
        if (failure?.when === 'refuse') throw Object.assign(new Error('Meta answered 400 (code 100/2388040)'), { status: 400 });
        if (stored.has(draft.name)) throw new Error('(#2388023) a template with this name exists');
        const entry: WhatsAppTemplateInfo & { draft: WhatsAppTemplateDraft } = {
          providerId: `meta-${++seq}`,
          name: draft.name,
          status: 'pending',
          category: draft.category,
          reason: null,
          draft,
        };
        stored.set(draft.name, entry);
        if (failure?.when === 'after') throw new Error('socket hang up');
        if (failure?.when === 'overtaken') {
          // Meta's approval webhook is processed before the create's own answer gets back.
          const answer = infoOf(entry);
          entry.status = 'approved';
          const params = { kind: 'template', key: `overtaken:${draft.name}`, providerId: entry.providerId, name: draft.name, lang: draft.lang } as const;
          await applyWhatsAppTemplateUpdate(t.ctx, { ...params, status: 'approved', category: 'UTILITY', reason: null });
          return answer;
        }
        return infoOf(entry);
      },
      get: (providerId) => {
        const entry = [...stored.values()].find((x) => x.providerId === providerId);
        return Promise.resolve(entry ? infoOf(entry) : null);
      },
      findByName: (name) => {
        const entry = stored.get(name);
        return Promise.resolve(entry ? infoOf(entry) : null);
      },
      delete: ({ name }) => {
        fake.deletes.push(name);
        stored.delete(name);
        return Promise.resolve();
      },
    } satisfies WhatsAppTemplateApi,
  };
  return fake;
};

let t: TestApp;
const meta = createFakeMeta();
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  // Meta mode: the real adapter's template port replaced by the in-memory one (the sandbox channels stay for sending).
  t.ctx.messaging.whatsappCloud = { templates: meta.api, verifySignature: () => false, verifySubscription: () => null };
});
afterAll(async () => {
  await t?.close();
});

const hexOf = (eventId: string) => eventId.replace(/-/g, '').slice(0, 12);
const createsOf = (eventId: string) => meta.creates.filter((draft) => draft.name.includes(hexOf(eventId)));
const rowsOf = (eventId: string): Promise<WhatsAppTemplateRow[]> =>
  t.ctx.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.eventId, eventId)).orderBy(asc(whatsappTemplates.createdAt));
const rowOf = async (eventId: string, match: Partial<Pick<WhatsAppTemplateRow, 'purpose' | 'round' | 'lang' | 'source' | 'status'>>) =>
  (await rowsOf(eventId)).filter((row) => Object.entries(match).every(([key, value]) => row[key as keyof WhatsAppTemplateRow] === value));

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Every slot created and answered (no create still under way). */
const waitForSlots = (eventId: string, count: number) =>
  waitFor(`${count} templates created`, async () => {
    const rows = await rowsOf(eventId);
    return rows.length === count && rows.every((row) => row.providerId !== null) && rows;
  });

const metaSays = (row: WhatsAppTemplateRow, status: WhatsAppReviewStatus | null, reason: string | null = null, category: string | null = null) =>
  applyWhatsAppTemplateUpdate(t.ctx, {
    kind: 'template',
    key: `test:${row.id}:${status}`,
    providerId: row.providerId ?? 'unknown',
    name: row.name,
    lang: row.lang,
    status,
    category,
    reason,
  });

const hostTemplates = async (token: string, eventId: string) =>
  ((await t.request('GET', `/messageTemplate/${eventId}`, { token })).json() as MessageTemplatesResponse).templates;
const edit = async (token: string, eventId: string, body: object) => {
  const res = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body });
  if (res.statusCode !== 200) throw new Error(res.body);
};

const hostWithEvent = async (langs: Lang[] = ['he', 'en']) => {
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token, { langs, defaultLang: langs[0], names: Object.fromEntries(langs.map((lang) => [lang, `Event ${lang}`])) });
  return { token, eventId };
};

const HOST_INVITATION = 'היי {guestName}, מחכים לך! לאישור: {link} תודה';

describe('WhatsApp templates on Meta: the sync', () => {
  it('creates nothing before payment; after it one template per slot and language, each as Meta wants it; a replay creates nothing twice', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, see you!' });
    await syncEventTemplates(t.ctx, eventId);
    expect(createsOf(eventId)).toEqual([]);
    expect(await rowsOf(eventId)).toEqual([]);

    await buyPackage(t, token, eventId);
    await waitForSlots(eventId, 6);
    const drafts = createsOf(eventId);
    expect(drafts).toHaveLength(6);
    expect(drafts.map((d) => `${d.lang}:${d.category}`).sort()).toEqual(['en:MARKETING', 'en:MARKETING', 'en:UTILITY', 'he:MARKETING', 'he:MARKETING', 'he:UTILITY']);
    for (const draft of drafts) {
      expect(draft.name).toMatch(new RegExp(`^m_${hexOf(eventId)}_(invitation|direction|thanks)1_(he|en)_[0-9a-f]{4}$`));
      expect(draft.footer).toBe(OPT_OUT_LINES[draft.lang]);
      expect(draft.headerImage).toBeNull();
      // A sample for exactly the placeholders the body uses.
      expect(Object.keys(draft.examples).sort()).toEqual([...new Set([...draft.body.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort());
    }
    const invitationHe = drafts.find((d) => d.name.includes('_invitation1_he_'));
    expect(invitationHe).toMatchObject({
      body: DEFAULT_TEXTS.invitation.he,
      quickReplies: ['מגיע/ה', 'לא מגיע/ה', 'עוד לא יודע/ת'],
      urlButton: { baseUrl: 'http://magiim.test/invite/', exampleSuffix: expect.any(String) },
    });
    expect(drafts.find((d) => d.name.includes('_invitation1_en_'))?.quickReplies).toEqual(['Coming', 'Not coming', 'Not sure yet']);
    expect(drafts.find((d) => d.name.includes('_direction1_he_'))).toMatchObject({ quickReplies: null, urlButton: null });
    expect((await rowsOf(eventId)).map((row) => `${row.purpose}:${row.lang}:${row.source}:${row.status}`).sort()).toEqual([
      'direction:en:default:pending',
      'direction:he:default:pending',
      'invitation:en:default:pending',
      'invitation:he:default:pending',
      'thanks:en:custom:pending',
      'thanks:he:default:pending',
    ]);
    expect(drafts.find((d) => d.name.includes('_thanks1_en_'))?.body).toBe('Thanks {guestName}, see you!');

    await Promise.all([syncEventTemplates(t.ctx, eventId), syncEventTemplates(t.ctx, eventId), syncEventTemplates(t.ctx, eventId)]);
    expect(createsOf(eventId)).toHaveLength(6);
    expect(await rowsOf(eventId)).toHaveLength(6);
  });

  it('the save-the-date (issue 32) gets its templates once the host turns it on: marketing, no buttons, a name Meta takes', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    await buyPackage(t, token, eventId);
    await waitForSlots(eventId, 6);
    expect(createsOf(eventId).some((draft) => draft.name.includes('savethedate'))).toBe(false);

    const timing = (await t.request('GET', `/actionTiming/${eventId}`, { token })).json() as { actions: { action: string; sendAt: string }[] };
    const { sendAt } = timing.actions.find((a) => a.action === 'saveTheDate')!;
    const res = await t.request('PATCH', `/actionTiming/${eventId}`, { token, body: { actions: [{ action: 'saveTheDate', sendAt, enabled: true }] } });
    expect(res.statusCode, res.body).toBe(200);
    await waitForSlots(eventId, 8);
    const drafts = createsOf(eventId).filter((draft) => draft.name.includes('_savethedate1_'));
    expect(drafts.map((draft) => draft.lang).sort()).toEqual(['en', 'he']);
    for (const draft of drafts) {
      expect(draft.name).toMatch(/^m_[0-9a-f]{12}_savethedate1_(he|en)_[0-9a-f]{4}$/);
      expect(draft).toMatchObject({ category: 'MARKETING', quickReplies: null, urlButton: null, body: DEFAULT_TEXTS.saveTheDate[draft.lang], footer: OPT_OUT_LINES[draft.lang] });
    }
    expect((await rowOf(eventId, { purpose: 'saveTheDate' })).map((row) => `${row.lang}:${row.source}`).sort()).toEqual(['en:default', 'he:default']);
  });

  it("the host's text becomes its own template; Meta's rejection shows on the host's screen with the reason and the default steps in", async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: HOST_INVITATION });
    await buyPackage(t, token, eventId);
    const rows = await waitForSlots(eventId, 3);
    const custom = rows.find((row) => row.purpose === 'invitation');
    expect(custom).toMatchObject({ source: 'custom', text: HOST_INVITATION, status: 'pending' });
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'pendingApproval', reason: null });

    await metaSays(custom!, 'rejected', 'INVALID_FORMAT');
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'rejected', reason: 'INVALID_FORMAT' });
    // The rejection kicked the sync: the default invitation is created for the slot.
    const [fallback] = await waitFor('the default invitation', async () => {
      const found = await rowOf(eventId, { purpose: 'invitation', source: 'default' });
      return found[0]?.providerId ? found : undefined;
    });
    expect(fallback?.text).toBe(DEFAULT_TEXTS.invitation.he);
    await metaSays(fallback!, 'approved', 'NONE', 'MARKETING');

    const guest = await addGuest(t, token, eventId, { fullName: 'יעל', lang: 'he' });
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const rendered = renderer.render({ guest: { id: guest.id, fullName: 'יעל', lang: 'he', inviteSalt: null }, action: 'round1', channel: 3 });
    expect(rendered.templateNotReady).toBeUndefined();
    expect(rendered.template?.providerTemplateId).toBe(fallback?.name);
    expect(rendered.text).toMatch(/^שלום יעל, נשמח לראותך/);

    // Saving a new text: it goes to Meta (the sync, not the sandbox reviewer) and the screen waits for it.
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: `${HOST_INVITATION}!` });
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'pendingApproval', reason: null });
    await waitFor('the new text on Meta', async () => createsOf(eventId).some((d) => d.body === `${HOST_INVITATION}!`));
  });

  it('paused by Meta: the host sees paused, and the renderer sends the default until Meta lets it go again', async () => {
    const { token, eventId } = await hostWithEvent(['en']);
    await buyPackage(t, token, eventId);
    const defaults = await waitForSlots(eventId, 3);
    for (const row of defaults) await metaSays(row, 'approved');
    await edit(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, it was lovely!' });
    const [custom] = await waitFor('the host thanks on Meta', async () => {
      const found = await rowOf(eventId, { purpose: 'thanks', source: 'custom' });
      return found[0]?.providerId ? found : undefined;
    });
    await metaSays(custom!, 'approved', null, 'MARKETING');
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'approved' });
    const guest = await addGuest(t, token, eventId, { fullName: 'Dana', lang: 'en' });
    const render = async () =>
      (await createMessageRenderer(t.ctx, eventId)).render({ guest: { id: guest.id, fullName: 'Dana', lang: 'en', inviteSalt: null }, action: 'thanks', channel: 3 });
    expect((await render()).template?.providerTemplateId).toBe(custom?.name);

    await metaSays(custom!, 'paused', 'Low quality');
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'paused', reason: 'Low quality' });
    const defaultThanks = defaults.find((row) => row.purpose === 'thanks');
    const paused = await render();
    expect(paused.template?.providerTemplateId).toBe(defaultThanks?.name);
    expect(paused.text).toBe('Hello Dana, thank you for celebrating Event en with us! It meant a lot to us that you came.');

    await metaSays(custom!, 'approved');
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'approved', reason: null });
    expect((await render()).template?.providerTemplateId).toBe(custom?.name);
  });

  it('a create cut off after Meta took it is found by name; one cut off before is created again under the same name', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    meta.failures.push({ match: `${hexOf(eventId)}_invitation1_he`, when: 'after' }, { match: `${hexOf(eventId)}_thanks1_he`, when: 'before' });
    await buyPackage(t, token, eventId);
    await waitFor('the direction created and the two others claimed', async () => {
      const rows = await rowsOf(eventId);
      return rows.length === 3 && rows.filter((row) => row.status === 'submitting').length === 2 && rows;
    });
    // A sync soon after leaves fresh claims alone (a create may still be under way).
    await syncEventTemplates(t.ctx, eventId);
    expect(createsOf(eventId)).toHaveLength(3);

    const later = new Date(Date.now() + SUBMITTING_STALE_MS + 60_000);
    await syncEventTemplates(t.ctx, eventId, later);
    const rows = await rowsOf(eventId);
    expect(rows.every((row) => row.status === 'pending' && row.providerId !== null)).toBe(true);
    const names = createsOf(eventId).map((d) => d.name);
    const invitation = rows.find((row) => row.purpose === 'invitation');
    const thanks = rows.find((row) => row.purpose === 'thanks');
    expect(names.filter((name) => name === invitation?.name)).toHaveLength(1);
    expect(names.filter((name) => name === thanks?.name)).toHaveLength(2);
    expect(rows).toHaveLength(3);
  });

  it("a host text Meta refuses at creation is rejected on the host's screen and the default is created for its slot", async () => {
    const { token, eventId } = await hostWithEvent(['ru']);
    await edit(token, eventId, { purpose: 'invitation', lang: 'ru', text: 'Привет, {guestName}! Ответьте: {link} спасибо' });
    meta.failures.push({ match: `${hexOf(eventId)}_invitation1_ru`, when: 'refuse' });
    await buyPackage(t, token, eventId);
    await waitFor('the default invitation', async () => (await rowOf(eventId, { purpose: 'invitation', source: 'default', status: 'pending' })).length === 1);
    expect(await rowOf(eventId, { purpose: 'invitation', source: 'custom' })).toMatchObject([{ status: 'rejected', reason: 'INVALID_FORMAT', providerId: null }]);
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'rejected', reason: 'INVALID_FORMAT' });
  });

  it("Meta's approval overtaking the create's answer stays approved", async () => {
    const { token, eventId } = await hostWithEvent(['en']);
    meta.failures.push({ match: `${hexOf(eventId)}_direction1_en`, when: 'overtaken' });
    await buyPackage(t, token, eventId);
    await waitForSlots(eventId, 3);
    expect((await rowOf(eventId, { purpose: 'direction' }))[0]).toMatchObject({ status: 'approved', category: 'UTILITY', providerId: expect.any(String) });
  });

  it('Meta lost its webhook: a template pending for a while is read again; a category change is kept', async () => {
    const { token, eventId } = await hostWithEvent(['ar']);
    await edit(token, eventId, { purpose: 'direction', lang: 'ar', text: 'مرحبًا {guestName}، الطريق: {navigationLink} نراك' });
    await buyPackage(t, token, eventId);
    const rows = await waitForSlots(eventId, 3);
    const direction = rows.find((row) => row.purpose === 'direction');
    meta.setStatus(direction!.name, 'approved');
    await recheckTemplates(t.ctx, new Date(Date.now() + 16 * 60_000));
    expect((await rowOf(eventId, { purpose: 'direction' }))[0]).toMatchObject({ status: 'approved', reason: null });
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ purpose: 'direction', status: 'approved' });

    await metaSays(direction!, null, null, 'MARKETING');
    expect((await rowOf(eventId, { purpose: 'direction' }))[0]).toMatchObject({ status: 'approved', category: 'MARKETING' });
  });

  it("deletes past events' templates on Meta (more than 7 days past), keeps recent ones, and creates nothing for them again", async () => {
    const past = await hostWithEvent(['he']);
    const recent = await hostWithEvent(['he']);
    await buyPackage(t, past.token, past.eventId);
    await buyPackage(t, recent.token, recent.eventId);
    const pastRows = await waitForSlots(past.eventId, 3);
    await waitForSlots(recent.eventId, 3);
    const today = todayInBusinessZone();
    await t.ctx.db.execute(sql`update events set date = ${addDays(today, -8)}, rsvp_start_date = ${addDays(today, -30)} where id = ${past.eventId}`);
    await t.ctx.db.execute(sql`update events set date = ${addDays(today, -3)}, rsvp_start_date = ${addDays(today, -30)} where id = ${recent.eventId}`);

    await deletePastEventTemplates(t.ctx);
    expect((await rowsOf(past.eventId)).map((row) => row.status)).toEqual(['deleted', 'deleted', 'deleted']);
    expect(meta.deletes).toEqual(expect.arrayContaining(pastRows.map((row) => row.name)));
    expect((await rowsOf(recent.eventId)).every((row) => row.status === 'pending')).toBe(true);

    await syncEventTemplates(t.ctx, past.eventId);
    expect(createsOf(past.eventId)).toHaveLength(3);
  });
});

describe('a default text Meta refuses or pauses', () => {
  const invitationCreates = (eventId: string) => createsOf(eventId).filter((d) => d.name.includes('_invitation1_'));

  it('refused at create: not submitted again for 24 hours (no loop of kicks and creates), then once more', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    meta.failures.push({ match: `${hexOf(eventId)}_invitation1_he`, when: 'refuse' });
    await buyPackage(t, token, eventId);
    await waitFor('the refused invitation and the two others created', async () => {
      const rows = await rowsOf(eventId);
      return rows.length === 3 && rows.every((row) => (row.purpose === 'invitation' ? row.status === 'rejected' : row.providerId !== null));
    });
    await syncEventTemplates(t.ctx, eventId);
    await syncEventTemplates(t.ctx, eventId);
    expect(invitationCreates(eventId)).toHaveLength(1);
    expect(await rowOf(eventId, { purpose: 'invitation' })).toHaveLength(1);

    await syncEventTemplates(t.ctx, eventId, new Date(Date.now() + 25 * 60 * 60_000));
    expect(invitationCreates(eventId)).toHaveLength(2);
    expect((await rowOf(eventId, { purpose: 'invitation' })).map((row) => row.status)).toEqual(['rejected', 'pending']);
  });

  it('rejected or disabled after review: the kicked sync creates no copy; paused: it waits for Meta', async () => {
    const { token, eventId } = await hostWithEvent(['en']);
    await buyPackage(t, token, eventId);
    const rows = await waitForSlots(eventId, 3);
    const invitation = rows.find((row) => row.purpose === 'invitation')!;
    const direction = rows.find((row) => row.purpose === 'direction')!;
    const thanks = rows.find((row) => row.purpose === 'thanks')!;
    await metaSays(invitation, 'rejected', 'INVALID_FORMAT');
    await metaSays(direction, 'approved');
    await metaSays(direction, 'disabled', 'Low quality');
    await metaSays(thanks, 'approved');
    await metaSays(thanks, 'paused', 'Low quality');
    // Each change kicked the sync; one more here, awaited: none of them creates anything.
    await syncEventTemplates(t.ctx, eventId);
    expect(createsOf(eventId)).toHaveLength(3);
    expect((await rowsOf(eventId)).map((row) => `${row.purpose}:${row.status}`).sort()).toEqual(['direction:disabled', 'invitation:rejected', 'thanks:paused']);
  });

  it('a burst of kicks leaves at most one sync job of the event waiting', async () => {
    const eventId = randomUUID();
    await Promise.all(Array.from({ length: 20 }, () => kickTemplateSync(t.ctx, eventId)));
    for (let i = 0; i < 20; i++) await kickTemplateSync(t.ctx, eventId);
    // The app's worker takes the waiting job meanwhile (a kick after that queues the next sync, as it should): what
    // the burst must not do is leave more than one waiting.
    const { waiting, all } = (
      await t.ctx.db.execute<{ waiting: number; all: number }>(sql`
        select count(*) filter (where state in ('created', 'retry'))::int as waiting, count(*)::int as all
        from pgboss.job where name = ${TEMPLATE_SYNC_JOB.name} and data->>'eventId' = ${eventId}`)
    ).rows[0]!;
    expect(all).toBeGreaterThanOrEqual(1);
    expect(waiting).toBeLessThanOrEqual(1);
  });
});

describe('a new event image on Meta', () => {
  it("creates the invitation again with the image header; the host's approved text keeps going meanwhile", async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    await edit(token, eventId, { purpose: 'invitation', lang: 'he', text: HOST_INVITATION });
    await buyPackage(t, token, eventId);
    const rows = await waitForSlots(eventId, 3);
    for (const row of rows) await metaSays(row, 'approved');
    const plain = rows.find((row) => row.purpose === 'invitation');
    const guest = await addGuest(t, token, eventId, { fullName: 'יעל', lang: 'he' });
    const render = async () =>
      (await createMessageRenderer(t.ctx, eventId)).render({ guest: { id: guest.id, fullName: 'יעל', lang: 'he', inviteSalt: null }, action: 'round1', channel: 3 });

    const prefix = `events/${eventId}/v2`;
    const image = { prefix, sizes: { '800': `${prefix}/800.webp`, og: `${prefix}/og.jpg` }, width: 800, height: 600 };
    await t.ctx.db.execute(sql`update events set image = ${JSON.stringify(image)}::jsonb where id = ${eventId}`);
    await resubmitInvitationTemplates(t.ctx, eventId);
    const [withImage] = await waitFor('the invitation with its header', async () => {
      const found = (await rowOf(eventId, { purpose: 'invitation', source: 'custom' })).filter((row) => row.withImage && row.providerId);
      return found.length > 0 ? found : undefined;
    });
    expect(createsOf(eventId).find((d) => d.name === withImage?.name)?.headerImage).toEqual({ url: `http://magiim.test/media/${prefix}/og.jpg` });
    expect((await hostTemplates(token, eventId))[0]).toMatchObject({ status: 'approved' });
    expect((await render()).template).toMatchObject({ providerTemplateId: plain?.name, headerImageUrl: null });

    await metaSays(withImage!, 'approved');
    expect((await render()).template).toMatchObject({ providerTemplateId: withImage?.name, headerImageUrl: `http://magiim.test/media/${prefix}/og.jpg` });
  });
});

describe('an event image Meta cannot take as a header', () => {
  it('makes the templates without a header (so no send carries one), and says so in the row', async () => {
    const api: WhatsAppTemplateApi = meta.api;
    let asked = 0;
    api.headerImageUsable = (url) => {
      asked += 1;
      return Promise.resolve(!url.endsWith('/og.jpg'));
    };
    try {
      const { token, eventId } = await hostWithEvent(['he']);
      const prefix = `events/${eventId}/v1`;
      const image = { prefix, sizes: { '800': `${prefix}/800.webp`, og: `${prefix}/og.jpg` }, width: 800, height: 600 };
      await t.ctx.db.execute(sql`update events set image = ${JSON.stringify(image)}::jsonb where id = ${eventId}`);
      await buyPackage(t, token, eventId);
      const rows = await waitForSlots(eventId, 3);
      expect(rows.every((row) => !row.withImage)).toBe(true);
      expect(createsOf(eventId).every((draft) => draft.headerImage === null)).toBe(true);
      expect(asked).toBeGreaterThan(0);
    } finally {
      delete api.headerImageUsable;
    }
  });
});

describe('the renderer on Meta', () => {
  it('chooses the approved template per purpose and language: its name, values, image header, page suffix and quick replies; not ready before approval', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    const prefix = `events/${eventId}/v1`;
    const image = { prefix, sizes: { '800': `${prefix}/800.webp`, og: `${prefix}/og.jpg` }, width: 800, height: 600 };
    await t.ctx.db.execute(sql`update events set image = ${JSON.stringify(image)}::jsonb where id = ${eventId}`);
    await edit(token, eventId, { purpose: 'invitation', round: 2, lang: 'he', text: 'תזכורת {guestName}: {link} תודה' });
    const guestDto = await addGuest(t, token, eventId, { fullName: 'יעל כהן', lang: 'he' });
    const [saltRow] = (await t.ctx.db.execute<{ invite_salt: string }>(sql`select invite_salt from guests where id = ${guestDto.id}`)).rows;
    const guest: RenderGuest = { id: guestDto.id, fullName: 'יעל כהן', lang: 'he', inviteSalt: saltRow?.invite_salt ?? null };
    const token0 = inviteTokenOf(t.config.secrets.tokenPepper, 'guest', guest.inviteSalt ?? '');

    await buyPackage(t, token, eventId);
    // Invitation rounds 1 and 2 (the host's own), direction and thanks in he; rounds 1, direction, thanks in en.
    const rows = await waitForSlots(eventId, 7);
    const imageUrl = `http://magiim.test/media/${prefix}/og.jpg`;
    expect(createsOf(eventId).filter((d) => d.headerImage?.url === imageUrl).map((d) => d.name.split('_')[2]).sort()).toEqual([
      'invitation1',
      'invitation1',
      'invitation2',
    ]);

    const before = await createMessageRenderer(t.ctx, eventId);
    expect(before.render({ guest, action: 'round1', channel: 3 })).toMatchObject({ templateNotReady: true, template: null });
    // SMS does not wait for Meta.
    expect(before.render({ guest, action: 'round1', channel: 1 }).templateNotReady).toBeUndefined();

    for (const row of rows) await metaSays(row, 'approved');
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const invitation = rows.find((row) => row.purpose === 'invitation' && row.round === 1 && row.lang === 'he');
    const round1 = renderer.render({ guest, action: 'round1', channel: 3 });
    expect(round1.template).toEqual({
      providerTemplateId: invitation?.name,
      purpose: 'invitation',
      values: {
        guestName: 'יעל כהן',
        eventName: 'Event he',
        date: expect.any(String),
        time: '19:30',
        place: expect.any(String),
        link: `http://magiim.test/invite/${token0}`,
      },
      headerImageUrl: imageUrl,
      pageUrlSuffix: token0,
      quickReplies: true,
    });
    const round2 = renderer.render({ guest, action: 'round2', channel: 3 });
    expect(round2.template).toMatchObject({
      providerTemplateId: rows.find((row) => row.round === 2)?.name,
      values: { guestName: 'יעל כהן', link: `http://magiim.test/invite/${token0}` },
      pageUrlSuffix: token0,
    });
    expect(round2.text).toBe(`תזכורת יעל כהן: http://magiim.test/invite/${token0} תודה`);
    // Round 3 has no text of its own: round 1's template.
    expect(renderer.render({ guest, action: 'round3', channel: 3 }).template?.providerTemplateId).toBe(invitation?.name);
    const direction = renderer.render({ guest, action: 'direction', channel: 3 });
    expect(direction.template).toMatchObject({
      providerTemplateId: rows.find((row) => row.purpose === 'direction' && row.lang === 'he')?.name,
      headerImageUrl: null,
      pageUrlSuffix: null,
      quickReplies: false,
    });
    expect(Object.keys(direction.template?.values ?? {})).toContain('navigationLink');
  });

  it('an SMS invitation asks for 1 / 2 / 3 before the opt-out line when guests can answer the sender', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    const guestDto = await addGuest(t, token, eventId, { fullName: 'יעל', lang: 'he' });
    const guest: RenderGuest = { id: guestDto.id, fullName: 'יעל', lang: 'he', inviteSalt: null };
    const sms = t.ctx.config.sms;
    t.ctx.config.sms = { ...sms, twoWay: true };
    try {
      const renderer = await createMessageRenderer(t.ctx, eventId);
      const invitation = renderer.render({ guest, action: 'round2', channel: 1 }).text;
      expect(invitation.endsWith('\nהשיבו 1 מגיע/ה, 2 לא מגיע/ה, 3 עוד לא יודע/ת\nלהסרה השב הסר')).toBe(true);
      expect(renderer.render({ guest, action: 'thanks', channel: 1 }).text).not.toContain('השיבו 1');
    } finally {
      t.ctx.config.sms = sms;
    }
    const oneWay = await createMessageRenderer(t.ctx, eventId);
    expect(oneWay.render({ guest, action: 'round1', channel: 1 }).text).not.toContain('השיבו 1');
  });
});
