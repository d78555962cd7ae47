import { afterEach, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type FakeWhatsApp, type FakeWhatsAppOptions } from '../../../../test/fake-whatsapp.js';
import { MessageSendError, type OutgoingMessage, type WhatsAppTemplateDraft } from '../index.js';
import { createWhatsAppCloudProviders, type WhatsAppCloudOptions } from './index.js';
import { parseWhatsAppWebhook } from './webhook-events.js';

const fakes: FakeWhatsApp[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const setUp = async (fakeOptions: FakeWhatsAppOptions = {}, adapterOptions: WhatsAppCloudOptions = {}) => {
  const fake = await startFakeWhatsApp(fakeOptions);
  fakes.push(fake);
  const inbox = () => ({ report: () => Promise.resolve(), reply: () => Promise.resolve() });
  const providers = createWhatsAppCloudProviders(fake.config, inbox, { requestTimeoutMs: 2_000, ...adapterOptions });
  return { fake, ...providers };
};

const invitation = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  outboxId: '0193b6a2-7c1e-7000-8000-000000000001',
  channel: 3,
  to: '+972501234567',
  text: 'שלום דנה, מוזמנים לחתונה',
  lang: 'he',
  template: {
    providerTemplateId: 'm_0193b6a27c1e_invitation1_he_ab12',
    purpose: 'invitation',
    values: { guestName: 'דנה', eventName: 'החתונה של נועה ודני', navigationLink: 'https://magiim.test/navigate/x' },
    headerImageUrl: 'https://cdn.magiim.test/events/1.jpg',
    pageUrlSuffix: 'Xy7Qp2Lm9Rt4Vb',
    quickReplies: true,
  },
  ...overrides,
});

const sendError = async (promise: Promise<unknown>): Promise<MessageSendError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessageSendError);
  return error as MessageSendError;
};

describe('WhatsApp Cloud channel: sending templates', () => {
  it('sends the template by name and language with named values, image header, RSVP and page buttons and the outbox id', async () => {
    const { fake, channel } = await setUp();
    expect(channel.channel).toBe(3);
    expect(channel.name).toBe('whatsapp-cloud');
    const accepted = await channel.send(invitation());
    expect(fake.sent).toHaveLength(1);
    const [message] = fake.sent;
    expect(accepted).toEqual({ providerMessageId: message?.wamid });
    expect(message?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '972501234567',
      type: 'template',
      biz_opaque_callback_data: '0193b6a2-7c1e-7000-8000-000000000001',
      template: {
        name: 'm_0193b6a27c1e_invitation1_he_ab12',
        language: { code: 'he' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.magiim.test/events/1.jpg' } }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'guest_name', text: 'דנה' },
              { type: 'text', parameter_name: 'event_name', text: 'החתונה של נועה ודני' },
              { type: 'text', parameter_name: 'navigation_link', text: 'https://magiim.test/navigate/x' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'rsvp:approved:0193b6a2-7c1e-7000-8000-000000000001' }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'rsvp:declined:0193b6a2-7c1e-7000-8000-000000000001' }] },
          { type: 'button', sub_type: 'quick_reply', index: '2', parameters: [{ type: 'payload', payload: 'rsvp:maybe:0193b6a2-7c1e-7000-8000-000000000001' }] },
          { type: 'button', sub_type: 'url', index: '3', parameters: [{ type: 'text', text: 'Xy7Qp2Lm9Rt4Vb' }] },
        ],
      },
    });
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/1122334455/messages', auth: 'Bearer' });
    expect(fake.messagesTo('+972501234567')).toHaveLength(1);
  });

  it('leaves out what a template does not have; the page button is then index 0', async () => {
    const { fake, channel } = await setUp();
    await channel.send(invitation({ lang: 'ar', template: { providerTemplateId: 'thanks_ar', purpose: 'thanks', values: {}, headerImageUrl: null, pageUrlSuffix: null, quickReplies: false } }));
    await channel.send(invitation({ lang: 'ru', template: { providerTemplateId: 'dir_ru', purpose: 'direction', values: { time: '19:30' }, headerImageUrl: null, pageUrlSuffix: 'tok', quickReplies: false } }));
    expect(fake.sent[0]?.body['template']).toEqual({ name: 'thanks_ar', language: { code: 'ar' }, components: [] });
    expect(fake.sent[1]?.body['template']).toEqual({
      name: 'dir_ru',
      language: { code: 'ru' },
      components: [
        { type: 'body', parameters: [{ type: 'text', parameter_name: 'time', text: '19:30' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'tok' }] },
      ],
    });
  });

  it('refuses a message without a Meta template without calling Meta', async () => {
    const { fake, channel } = await setUp();
    const error = await sendError(channel.send(invitation({ template: null })));
    expect(error).toMatchObject({ code: 'no_template', permanent: true, outcomeUnknown: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('maps Meta errors: a recipient not on WhatsApp and marketing limits are permanent, 5xx, 429 and pair rate are retried', async () => {
    const { fake, channel } = await setUp();
    for (const code of [131026, 131049, 131050, 100]) {
      fake.errorFor('+972501234567', code);
      expect(await sendError(channel.send(invitation()))).toMatchObject({ code: String(code), permanent: true, outcomeUnknown: false });
    }
    fake.clearFaults();
    fake.failNext(1, { status: 500 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '131000', permanent: false, outcomeUnknown: false });
    fake.failNext(1, { status: 503, code: 2 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '2', permanent: false });
    fake.rateLimit(1);
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '130429', permanent: false, outcomeUnknown: false });
    fake.failNext(1, { status: 400, code: 131056 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '131056', permanent: false });
    expect(fake.sent).toHaveLength(0);
    await channel.send(invitation());
    expect(fake.sent).toHaveLength(1);
  });

  it('a bad token is our problem, not the guest’s: retried, account-wide, and the token never appears in the error', async () => {
    const fake = await startFakeWhatsApp();
    fakes.push(fake);
    const providers = createWhatsAppCloudProviders({ ...fake.config, accessToken: 'wrong-secret-token' }, () => ({ report: () => Promise.resolve(), reply: () => Promise.resolve() }));
    const error = await sendError(providers.channel.send(invitation()));
    expect(error).toMatchObject({ code: '190', permanent: false, accountWide: true, outcomeUnknown: false });
    expect(error.message).not.toContain('wrong-secret-token');
  });

  it('a wrong phone number id (100 / subcode 33) is account-wide; a plain 100 stays the recipient’s, for good', async () => {
    const fake = await startFakeWhatsApp();
    fakes.push(fake);
    const providers = createWhatsAppCloudProviders({ ...fake.config, phoneNumberId: '999000111' }, () => ({ report: () => Promise.resolve(), reply: () => Promise.resolve() }));
    expect(await sendError(providers.channel.send(invitation()))).toMatchObject({ code: '100', permanent: false, accountWide: true });
    expect(await sendError(providers.session.sendText('+972501234567', 'x'))).toMatchObject({ code: '100', accountWide: true });
    const { fake: right, channel } = await setUp();
    right.errorFor('+972501234567', 100);
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '100', permanent: true, accountWide: false });
  });

  it.each([131031, 131042, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 200, 10, 3])(
    'code %i is our account or template, not the guest: account-wide, not permanent (nobody moved to SMS)',
    async (code) => {
      const { fake, channel } = await setUp();
      fake.failNext(1, { status: 400, code });
      expect(await sendError(channel.send(invitation()))).toMatchObject({ code: String(code), permanent: false, accountWide: true, outcomeUnknown: false });
    },
  );

  it('HTTP 401 and 403 without a Graph error are account-wide', async () => {
    const { fake, channel } = await setUp();
    for (const status of [401, 403]) {
      fake.failNext(1, { status, code: null });
      expect(await sendError(channel.send(invitation()))).toMatchObject({ code: `http_${status}`, permanent: false, accountWide: true, outcomeUnknown: false });
    }
  });

  it.each([131048, 131057])('code %i (spam rate limit, account in maintenance) is retried on WhatsApp', async (code) => {
    const { fake, channel } = await setUp();
    fake.failNext(1, { status: 400, code });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: String(code), permanent: false, accountWide: false, outcomeUnknown: false });
  });

  it('the guest’s codes stay as they are: 131026, 131049, 131050 permanent, not account-wide', async () => {
    const { fake, channel } = await setUp();
    for (const code of [131026, 131049, 131050]) {
      fake.errorFor('+972501234567', code);
      expect(await sendError(channel.send(invitation()))).toMatchObject({ code: String(code), permanent: true, accountWide: false });
    }
  });

  it('a 5xx without a Graph error (an edge 502 / 504) is an unknown outcome: Meta may have taken it', async () => {
    const { fake, channel } = await setUp();
    for (const status of [502, 504]) {
      fake.failNext(1, { status, code: null, taken: true });
      expect(await sendError(channel.send(invitation()))).toMatchObject({ code: `http_${status}`, permanent: false, outcomeUnknown: true, accountWide: false });
    }
    expect(fake.sent.map((m) => m.taken)).toEqual(['cut-off', 'cut-off']);
    // With Meta's own error body it was refused: retried, not unknown.
    fake.failNext(1, { status: 503, code: 131000 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: '131000', permanent: false, outcomeUnknown: false });
  });

  it('a send cut off after it went out is outcome-unknown (taken or not); an unreachable Meta is safe to retry', async () => {
    const { fake, channel } = await setUp({ hangMs: 60_000 }, { requestTimeoutMs: 300 });
    fake.failRatio(1, 'timeout', { takenShare: 1 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: 'outcome_unknown', permanent: false, outcomeUnknown: true });
    expect(fake.sent.map((m) => m.taken)).toEqual(['cut-off']);
    fake.failRatio(1, 'reset', { takenShare: 0 });
    expect(await sendError(channel.send(invitation()))).toMatchObject({ code: 'outcome_unknown', outcomeUnknown: true });
    expect(fake.sent).toHaveLength(1);
    expect(fake.counts).toMatchObject({ timeout: 1, reset: 1, takenCutOff: 1 });

    const closed = await startFakeWhatsApp();
    await closed.close();
    const unreachable = createWhatsAppCloudProviders(closed.config, () => ({ report: () => Promise.resolve(), reply: () => Promise.resolve() }));
    expect(await sendError(unreachable.channel.send(invitation()))).toMatchObject({ code: 'unreachable', permanent: false, outcomeUnknown: false });
  });

  it('has no lookup by our id', async () => {
    const { channel } = await setUp();
    expect(await channel.lookup('x')).toBe('unsupported');
  });

  it('the seeded faults repeat exactly for the same seed', async () => {
    const outcomes = async (seed: number) => {
      const { fake, channel } = await setUp({ seed });
      fake.failRatio(0.5, 'error');
      const results: string[] = [];
      for (let i = 0; i < 12; i++) results.push(await channel.send(invitation()).then(() => 'ok', () => 'error'));
      return results.join(',');
    };
    const first = await outcomes(7);
    expect(await outcomes(7)).toBe(first);
    expect(first).toContain('ok');
    expect(first).toContain('error');
  });
});

describe('WhatsApp Cloud session messages', () => {
  it('sends free text and a list (one section, rows, button), clipped to Meta limits', async () => {
    const { fake, session } = await setUp();
    const text = await session.sendText('+972501234567', 'כמה תגיעו?');
    expect(fake.session[0]).toMatchObject({ wamid: text.providerMessageId, to: '972501234567', type: 'text' });
    expect(fake.session[0]?.body).toMatchObject({ type: 'text', text: { body: 'כמה תגיעו?', preview_url: false } });

    const rows = Array.from({ length: 10 }, (_, i) => ({ id: `count:${i + 1}:outbox-1`, title: i === 9 ? '10 אורחים ויותר, כולל ילדים ותינוקות' : `${i + 1}` }));
    const list = await session.sendList('+972501234567', { body: 'כמה תהיו?', button: 'בחירת מספר האורחים הכולל', rows });
    const sent = fake.session[1];
    expect(sent?.wamid).toBe(list.providerMessageId);
    const interactive = sent?.body['interactive'] as { type: string; body: { text: string }; action: { button: string; sections: { rows: { id: string; title: string }[] }[] } };
    expect(interactive.type).toBe('list');
    expect(interactive.body.text).toBe('כמה תהיו?');
    expect(Array.from(interactive.action.button).length).toBeLessThanOrEqual(20);
    expect(interactive.action.sections).toHaveLength(1);
    expect(interactive.action.sections[0]?.rows.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(interactive.action.sections[0]?.rows.every((row) => Array.from(row.title).length <= 24)).toBe(true);
    expect(interactive.action.sections[0]?.rows[0]?.title).toBe('1');

    await expect(session.sendList('+972501234567', { body: 'x', button: 'y', rows: [...rows, { id: 'eleven', title: '11' }] })).rejects.toMatchObject({ code: 'invalid_list', permanent: true });
    await expect(session.sendList('+972501234567', { body: 'x', button: 'y', rows: [] })).rejects.toMatchObject({ code: 'invalid_list' });
    expect(fake.session).toHaveLength(2);
  });
});

const draft = (overrides: Partial<WhatsAppTemplateDraft> = {}): WhatsAppTemplateDraft => ({
  name: 'm_0193b6a27c1e_invitation1_he_ab12',
  lang: 'he',
  category: 'MARKETING',
  body: 'שלום {guestName}, מוזמנים ל{eventName} ב-{date}. {guestName}, נשמח לדעת אם תגיעו',
  examples: { guestName: 'דנה לוי', eventName: 'החתונה של נועה ודני', date: 'יום ה׳, 10 ביוני' },
  footer: 'להסרה השיבו הסר',
  headerImage: null,
  quickReplies: ['מגיע/ה', 'לא מגיע/ה', 'עוד לא יודע/ת'],
  urlButton: { title: 'לדף האישור', baseUrl: 'https://magiim.test/invite/', exampleSuffix: 'Xy7Qp2Lm9Rt4Vb' },
  ...overrides,
});

describe('WhatsApp Cloud templates', () => {
  it('creates a named-variable template with its image header uploaded, footer, quick replies and URL button', async () => {
    const { fake, controls } = await setUp();
    const info = await controls.templates.create(draft({ headerImage: { url: fake.imageUrl } }));
    expect(info).toMatchObject({ name: 'm_0193b6a27c1e_invitation1_he_ab12', status: 'pending', category: 'MARKETING', reason: null });
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]?.fileType).toBe('image/jpeg');
    expect(fake.requests.filter((r) => r.path.startsWith('/upload:'))).toEqual([expect.objectContaining({ method: 'POST', auth: 'OAuth' })]);
    const template = fake.templateByName('m_0193b6a27c1e_invitation1_he_ab12', 'he');
    expect(template).toMatchObject({ id: info.providerId, category: 'MARKETING', parameterFormat: 'NAMED', status: 'PENDING' });
    expect(template?.components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [fake.uploads[0]?.handle] } },
      {
        type: 'BODY',
        text: 'שלום {{guest_name}}, מוזמנים ל{{event_name}} ב-{{date}}. {{guest_name}}, נשמח לדעת אם תגיעו',
        example: {
          body_text_named_params: [
            { param_name: 'guest_name', example: 'דנה לוי' },
            { param_name: 'event_name', example: 'החתונה של נועה ודני' },
            { param_name: 'date', example: 'יום ה׳, 10 ביוני' },
          ],
        },
      },
      { type: 'FOOTER', text: 'להסרה השיבו הסר' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'מגיע/ה' },
          { type: 'QUICK_REPLY', text: 'לא מגיע/ה' },
          { type: 'QUICK_REPLY', text: 'עוד לא יודע/ת' },
          { type: 'URL', text: 'לדף האישור', url: 'https://magiim.test/invite/{{1}}', example: ['https://magiim.test/invite/Xy7Qp2Lm9Rt4Vb'] },
        ],
      },
    ]);
  });

  it('without an app id creates the template without its header and warns once', async () => {
    const warnings: string[] = [];
    const { fake, controls } = await setUp({ appId: null }, { warn: (message) => warnings.push(message) });
    await controls.templates.create(draft({ name: 'a_he', headerImage: { url: fake.imageUrl } }));
    await controls.templates.create(draft({ name: 'b_he', headerImage: { url: fake.imageUrl }, quickReplies: null, urlButton: null, footer: null }));
    expect(warnings).toHaveLength(1);
    expect(fake.uploads).toHaveLength(0);
    expect(fake.templateByName('a_he')?.components.map((c) => c['type'])).toEqual(['BODY', 'FOOTER', 'BUTTONS']);
    expect(fake.templateByName('b_he')?.components.map((c) => c['type'])).toEqual(['BODY']);
  });

  it('uploads a PNG header as a PNG, and a JPEG of exactly 5 MB', async () => {
    const { fake, controls } = await setUp();
    await controls.templates.create(draft({ name: 'png_he', headerImage: { url: fake.mediaUrl('event.png') } }));
    await controls.templates.create(draft({ name: 'max_he', headerImage: { url: fake.mediaUrl('max.jpg') } }));
    expect(fake.uploads.map((u) => [u.fileType, u.bytes.length])).toEqual([
      ['image/png', 70],
      ['image/jpeg', 5 * 1024 * 1024],
    ]);
    expect(fake.templateByName('max_he')?.components[0]).toMatchObject({ type: 'HEADER', format: 'IMAGE' });
  });

  it('an image Meta would refuse (over 5 MB, with or without a length, or not a JPEG / PNG) is not uploaded: the template goes without its header, one warning', async () => {
    const warnings: string[] = [];
    const { fake, controls } = await setUp({}, { warn: (message) => warnings.push(message) });
    const names = ['large_he', 'chunked_he', 'gif_he', 'disguised_he'];
    const files = ['large.jpg', 'large-chunked.jpg', 'event.gif', 'disguised.jpg'] as const;
    for (const [i, name] of names.entries()) {
      const info = await controls.templates.create(draft({ name, headerImage: { url: fake.mediaUrl(files[i]!) } }));
      expect(info).toMatchObject({ name, status: 'pending', headerDropped: true });
      expect(fake.templateByName(name)?.components.map((c) => c['type'])).toEqual(['BODY', 'FOOTER', 'BUTTONS']);
    }
    expect(fake.uploads).toHaveLength(0);
    expect(fake.requests.filter((r) => r.path.includes('upload'))).toHaveLength(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/larger than 5 MB/);
    // A good image still gets its header, without a flag.
    const good = await controls.templates.create(draft({ name: 'good_he', headerImage: { url: fake.imageUrl } }));
    expect(good).not.toHaveProperty('headerDropped');
    expect(fake.uploads).toHaveLength(1);
  });

  it('reads a template by id and by name through its review, and maps Meta statuses', async () => {
    const { fake, controls } = await setUp();
    const created = await controls.templates.create(draft());
    expect(await controls.templates.get(created.providerId)).toEqual({ providerId: created.providerId, name: created.name, status: 'pending', category: 'MARKETING', reason: null });
    const body = await fake.reject(created.name, 'INVALID_FORMAT');
    expect(parseWhatsAppWebhook(body)).toEqual([expect.objectContaining({ kind: 'template', providerId: created.providerId, status: 'rejected', reason: 'INVALID_FORMAT' })]);
    expect(await controls.templates.get(created.providerId)).toMatchObject({ status: 'rejected', reason: 'INVALID_FORMAT' });
    await fake.approve(created.name);
    expect(await controls.templates.findByName(created.name)).toEqual({ providerId: created.providerId, name: created.name, status: 'approved', category: 'MARKETING', reason: null });
    await fake.pause(created.name);
    expect(await controls.templates.get(created.providerId)).toMatchObject({ status: 'paused' });
    const template = fake.templateByName(created.name);
    if (template) template.status = 'IN_APPEAL' as 'PENDING';
    expect(await controls.templates.get(created.providerId)).toMatchObject({ status: 'pending' });
    // Meta's name filter matches parts of names: only the exact name counts.
    expect(await controls.templates.findByName('m_0193b6a27c1e')).toBeNull();
    expect(await controls.templates.get('424242')).toBeNull();
  });

  it('a create refused by Meta throws with Meta’s code; a duplicate name is found by name instead', async () => {
    const { controls } = await setUp();
    await controls.templates.create(draft());
    await expect(controls.templates.create(draft())).rejects.toMatchObject({ name: 'WhatsAppApiError', status: 400, code: 100, subcode: 2388024 });
    await expect(controls.templates.create(draft({ name: 'Bad Name' }))).rejects.toMatchObject({ code: 100 });
    expect(await controls.templates.findByName(draft().name)).toMatchObject({ status: 'pending' });
  });

  it('deletes by name and id; deleting what is already gone succeeds', async () => {
    const { fake, controls } = await setUp();
    const created = await controls.templates.create(draft());
    await controls.templates.delete({ providerId: created.providerId, name: created.name });
    expect(fake.templates.size).toBe(0);
    expect(fake.requests.find((r) => r.method === 'DELETE')).toMatchObject({ path: '/5566778899/message_templates' });
    await controls.templates.delete({ providerId: null, name: created.name });
    expect(await controls.templates.findByName(created.name)).toBeNull();
  });
});

describe('WhatsApp Cloud webhook checks', () => {
  it('verifies the fake’s signed bodies and refuses a forged or changed one', async () => {
    const { fake, controls } = await setUp();
    const raw = Buffer.from(JSON.stringify(fake.inboundButtonBody('+972501234567', 'rsvp:approved:outbox-1', 'מגיע/ה', 'wamid.OUT')));
    expect(controls.verifySignature(raw, fake.sign(raw))).toBe(true);
    expect(controls.verifySignature(raw, fake.sign(raw, 'not-the-secret'))).toBe(false);
    expect(controls.verifySignature(raw, undefined)).toBe(false);
    const changed = Buffer.from(raw);
    changed[10] = (changed[10] ?? 0) ^ 1;
    expect(controls.verifySignature(changed, fake.sign(raw))).toBe(false);
  });

  it('answers the subscription handshake with our verify token only', async () => {
    const { fake, controls } = await setUp();
    expect(controls.verifySubscription({ 'hub.mode': 'subscribe', 'hub.verify_token': fake.config.verifyToken, 'hub.challenge': '42' })).toBe('42');
    expect(controls.verifySubscription({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '42' })).toBeNull();
  });

  it('the fake’s webhook bodies parse into the events the engine expects, and its auto statuses carry the outbox id', async () => {
    const delivered: { raw: string; signature: string }[] = [];
    const { fake, channel, controls } = await setUp({
      autoStatuses: ['sent', 'delivered'],
      deliverWebhook: (raw, signature) => {
        delivered.push({ raw, signature });
        return Promise.resolve();
      },
    });
    const accepted = await channel.send(invitation());
    await fake.settled();
    expect(delivered).toHaveLength(2);
    for (const { raw, signature } of delivered) expect(controls.verifySignature(Buffer.from(raw), signature)).toBe(true);
    const events = delivered.flatMap(({ raw }) => parseWhatsAppWebhook(JSON.parse(raw)));
    expect(events.map((e) => (e.kind === 'status' ? [e.report.providerMessageId, e.report.state, e.report.outboxId] : null))).toEqual([
      [accepted.providerMessageId, 'sent', invitation().outboxId],
      [accepted.providerMessageId, 'delivered', invitation().outboxId],
    ]);

    fake.errorFor('+972501234599', 131026, 'status');
    await channel.send(invitation({ to: '+972501234599', outboxId: 'outbox-failed' }));
    await fake.settled();
    expect(parseWhatsAppWebhook(JSON.parse(delivered[2]?.raw ?? '{}'))).toEqual([
      expect.objectContaining({ kind: 'status', report: expect.objectContaining({ state: 'failed', reason: '131026', outboxId: 'outbox-failed' }) }),
    ]);

    const replies = [
      fake.inboundButtonBody('+972501234567', 'rsvp:declined:outbox-1', 'לא מגיע/ה', accepted.providerMessageId),
      fake.inboundTextBody('+972501234567', 'הסר'),
      fake.inboundListReplyBody('+972501234567', 'count:2:outbox-1', '2'),
    ].flatMap((body) => parseWhatsAppWebhook(body));
    expect(replies).toEqual([
      expect.objectContaining({ kind: 'message', reply: expect.objectContaining({ from: '+972501234567', text: 'לא מגיע/ה', payload: 'rsvp:declined:outbox-1', contextMessageId: accepted.providerMessageId }) }),
      expect.objectContaining({ kind: 'message', reply: expect.objectContaining({ text: 'הסר', payload: null }) }),
      expect.objectContaining({ kind: 'message', reply: expect.objectContaining({ text: '2', payload: 'count:2:outbox-1' }) }),
    ]);
  });
});

describe('fake Meta under strictTemplates: sends checked against the approved template', () => {
  const strictSetUp = async () => {
    const context = await setUp({ strictTemplates: true });
    await context.controls.templates.create(draft({ headerImage: { url: context.fake.imageUrl } }));
    await context.controls.templates.create(draft({ name: 'plain_he', quickReplies: null, footer: null }));
    await context.fake.approve(draft().name);
    await context.fake.approve('plain_he');
    return context;
  };
  const fitting = (template: Partial<NonNullable<OutgoingMessage['template']>> = {}): OutgoingMessage =>
    invitation({
      template: {
        providerTemplateId: draft().name,
        purpose: 'invitation',
        values: { guestName: 'דנה', eventName: 'החתונה של נועה ודני', date: 'יום ה׳' },
        headerImageUrl: 'https://cdn.magiim.test/events/1.jpg',
        pageUrlSuffix: 'Xy7Qp2Lm9Rt4Vb',
        quickReplies: true,
        ...template,
      },
    });
  const codeOf = async (promise: Promise<unknown>) => (await sendError(promise)).code;

  it('takes a send that fits: every named value, the header, the three replies and the page button', async () => {
    const { fake, channel } = await strictSetUp();
    await channel.send(fitting());
    await channel.send(fitting({ values: { guestName: 'דנה   לוי', eventName: 'x', date: 'y' } })); // 3 spaces in a row are fine
    await channel.send(fitting({ providerTemplateId: 'plain_he', headerImageUrl: null, quickReplies: false }));
    expect(fake.sent).toHaveLength(3);
  });

  it('named body values: a missing or unknown one is 132000 (account-wide); an empty one or one with a newline, tab or 4 spaces is 132018', async () => {
    const { fake, channel } = await strictSetUp();
    const values = fitting().template!.values;
    expect(await codeOf(channel.send(fitting({ values: { guestName: 'דנה', eventName: 'x' } })))).toBe('132000');
    expect(await codeOf(channel.send(fitting({ values: { ...values, link: 'https://x' } })))).toBe('132000');
    expect(await sendError(channel.send(fitting({ values: { ...values, guestName: '' } })))).toMatchObject({ code: '132018', accountWide: false });
    expect(await codeOf(channel.send(fitting({ values: { ...values, guestName: '  ' } })))).toBe('132018');
    for (const bad of ['דנה\nלוי', 'דנה\tלוי', 'דנה    לוי']) expect(await codeOf(channel.send(fitting({ values: { ...values, guestName: bad } })))).toBe('132018');
    expect(await sendError(channel.send(fitting({ values: { guestName: 'דנה' } })))).toMatchObject({ accountWide: true, permanent: false });
    expect(fake.sent).toHaveLength(0);
  });

  it('the header: required when the template has one, refused when it has none', async () => {
    const { fake, channel } = await strictSetUp();
    expect(await codeOf(channel.send(fitting({ headerImageUrl: null })))).toBe('132000');
    expect(await codeOf(channel.send(fitting({ providerTemplateId: 'plain_he', quickReplies: false })))).toBe('132000');
    expect(fake.sent).toHaveLength(0);
  });

  it('buttons: each at an index of a button of its kind, and the URL button given its suffix', async () => {
    const { fake, channel } = await strictSetUp();
    // Without the replies the page button would go at index 0, where the template has a quick reply.
    expect(await codeOf(channel.send(fitting({ quickReplies: false })))).toBe('132000');
    expect(await codeOf(channel.send(fitting({ pageUrlSuffix: null })))).toBe('132000');
    // Replies on a template without them.
    expect(await codeOf(channel.send(fitting({ providerTemplateId: 'plain_he', headerImageUrl: null })))).toBe('132000');
    expect(fake.sent).toHaveLength(0);
  });

  it('an unknown or unapproved template is 132001; one registered without components is checked for existence only', async () => {
    const { fake, channel, controls } = await strictSetUp();
    expect(await codeOf(channel.send(fitting({ providerTemplateId: 'nope_he' })))).toBe('132001');
    await controls.templates.create(draft({ name: 'pending_he' }));
    expect(await codeOf(channel.send(fitting({ providerTemplateId: 'pending_he' })))).toBe('132001');
    fake.addApprovedTemplate('bare_he', 'he');
    await channel.send(fitting({ providerTemplateId: 'bare_he', values: {} }));
    expect(fake.sent).toHaveLength(1);
  });
});
