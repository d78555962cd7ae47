import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { smsPartsOf, type Lang } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { addGuest } from '../../guests/guest-test-kit.js';
import { inviteTokenOf, shortCodeOf } from '../../events/invite-links.js';
import { OPT_OUT_LINES } from '@magiim/shared';
import { createMessageRenderer, messageDateOf, withGiftLink, type RenderGuest } from './render.js';
import { decideRegistration } from '../../gifts/gifts.repository.js';
import { applyTemplateReview } from './templates.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  // A reviewer that never answers: the tests decide each template's status.
  t.ctx.messaging.templateReviewer = { name: 'silent', submit: (x) => Promise.resolve({ providerTemplateId: `wa-${x.purpose}-${x.lang}-${x.revision}` }) };
});
afterAll(async () => {
  await t?.close();
});

const NAMES = { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding", ru: 'Свадьба Ноа и Дани', ar: 'زفاف نوعا وداني' };
const GUEST_NAMES: Record<Lang, string> = { he: 'יעל כהן', en: 'Dana Levi', ru: 'Ольга Иванова', ar: 'سلمى خوري' };

const setup = async () => {
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token, { names: NAMES, langs: ['he', 'en', 'ru', 'ar'], defaultLang: 'he', date: '2027-03-11', time: '19:30' });
  const guests = {} as Record<Lang, RenderGuest>;
  for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
    const dto = await addGuest(t, token, eventId, { fullName: GUEST_NAMES[lang], lang });
    const [row] = (
      await t.ctx.db.execute<{ invite_salt: string | null }>(sql`select invite_salt from guests where id = ${dto.id}`)
    ).rows;
    guests[lang] = { id: dto.id, fullName: GUEST_NAMES[lang], lang, inviteSalt: row?.invite_salt ?? null };
  }
  return { token, eventId, guests };
};

const tokenOf = (guest: RenderGuest) => inviteTokenOf(t.config.secrets.tokenPepper, 'guest', guest.inviteSalt ?? '');
const page = (path: string) => t.app.inject({ method: 'GET', url: path });

/** Saves a host text and gives it the status a review would. */
const hostText = async (token: string, eventId: string, body: { purpose: string; round?: number; lang: Lang; text: string }, status: 'approved' | 'rejected' | null) => {
  const res = await t.request('POST', `/messageTemplate/edit/${eventId}`, { token, body });
  if (res.statusCode !== 200) throw new Error(res.body);
  if (!status) return;
  const [row] = (
    await t.ctx.db.execute<{ id: string; revision: number }>(
      sql`select id, revision from message_templates where event_id = ${eventId} and purpose = ${body.purpose} and round = ${body.round ?? 1} and lang = ${body.lang}`,
    )
  ).rows;
  await applyTemplateReview(t.ctx, { templateId: row?.id ?? '', revision: row?.revision ?? 0, status, reason: status === 'rejected' ? 'no' : null });
};

describe('the message renderer', () => {
  it('fills the default invitation in each of the four languages, with the personal link and the date in the language', async () => {
    const { eventId, guests } = await setup();
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const expectations: Record<Lang, string[]> = {
      he: ['שלום יעל כהן', 'באירוע החתונה של נועה ודני', 'ביום ה׳, 11 במרץ', 'בשעה 19:30', 'Gan Oranim', 'לאישור הגעה:'],
      en: ['Hello Dana Levi', "Noa and Dani's wedding", 'on Thursday, 11 March at 19:30', 'Gan Oranim'],
      ru: ['Здравствуйте, Ольга Иванова!', '«Свадьба Ноа и Дани»', 'четверг, 11 марта в 19:30', 'Gan Oranim'],
      ar: ['مرحبًا سلمى خوري', 'زفاف نوعا وداني', 'يوم الخميس، 11 مارس', 'الساعة 19:30', 'Gan Oranim'],
    };
    // The SMS default is the short one: name, event, date and time, the short link.
    const smsExpectations: Record<Lang, string[]> = {
      he: ['יעל כהן', 'החתונה של נועה ודני', 'יום ה׳, 11 במרץ', '19:30', 'לאישור:'],
      en: ['Dear Dana Levi', "Noa and Dani's wedding", 'on Thursday, 11 March at 19:30'],
      ru: ['Ольга Иванова', 'Свадьба Ноа и Дани', 'четверг, 11 марта 19:30'],
      ar: ['سلمى خوري', 'زفاف نوعا وداني', 'الخميس، 11 مارس', '19:30'],
    };
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const guest = guests[lang];
      const wa = renderer.render({ guest, action: 'round1', channel: 3 });
      for (const part of expectations[lang]) expect(wa.text).toContain(part);
      expect(wa.text).toContain(`http://magiim.test/invite/${tokenOf(guest)}`);
      const sms = renderer.render({ guest, action: 'round1', channel: 1 });
      for (const part of smsExpectations[lang]) expect(sms.text).toContain(part);
      expect(sms.text).toMatch(/http:\/\/magiim\.test\/i\/[A-Za-z0-9_-]{10}\n/);
      expect(sms.text).not.toContain('/invite/');
      expect(sms.text).not.toMatch(/\{\w+\}/);
      expect(sms.text.endsWith(`\n${OPT_OUT_LINES[lang]}`)).toBe(true);
      expect(sms.smsParts).toBe(smsPartsOf(sms.text).parts);
      expect(sms.smsParts).toBeLessThanOrEqual(2);
      expect(sms.template).toBeNull();
    }
    // The link opens that guest's own page, the short one too.
    const opened = await page(`/invite/${tokenOf(guests.he)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('יעל כהן');
    const short = /\/i\/([A-Za-z0-9_-]{10})/.exec(renderer.render({ guest: guests.he, action: 'round1', channel: 1 }).text)?.[1];
    const redirect = await page(`/i/${short}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/invite/${tokenOf(guests.he)}`);
    expect(redirect.headers['cache-control']).toBe('no-store');
  });

  it('WhatsApp: the same text without the opt-out line, the default template and its values', async () => {
    const { eventId, guests } = await setup();
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const wa = renderer.render({ guest: guests.en, action: 'round2', channel: 3 });
    expect(wa.text).not.toContain(OPT_OUT_LINES.en);
    expect(wa.smsParts).toBe(0);
    expect(wa.template).toEqual({
      providerTemplateId: null,
      purpose: 'invitation',
      values: {
        guestName: 'Dana Levi',
        eventName: "Noa and Dani's wedding",
        date: 'Thursday, 11 March',
        time: '19:30',
        place: 'Gan Oranim',
        link: `http://magiim.test/invite/${tokenOf(guests.en)}`,
      },
      headerImageUrl: null,
      pageUrlSuffix: null,
      quickReplies: true,
    });
  });

  it('the direction message carries the navigation page, which opens; thanks carries no link', async () => {
    const { eventId, guests } = await setup();
    const renderer = await createMessageRenderer(t.ctx, eventId);
    for (const lang of ['ru', 'ar'] as const) {
      const direction = renderer.render({ guest: guests[lang], action: 'direction', channel: 3 });
      expect(direction.text).toContain(`http://magiim.test/navigate/${tokenOf(guests[lang])}`);
      expect(direction.text).not.toContain('/invite/');
      // By SMS the short navigation link, which leads to the same page.
      const sms = renderer.render({ guest: guests[lang], action: 'direction', channel: 1 });
      const code = /http:\/\/magiim\.test\/n\/([A-Za-z0-9_-]{10})\n/.exec(sms.text)?.[1];
      expect((await page(`/n/${code}?lang=${lang}`)).headers.location).toBe(`/navigate/${tokenOf(guests[lang])}?lang=${lang}`);
    }
    expect((await page(`/navigate/${tokenOf(guests.ru)}?lang=ru`)).statusCode).toBe(200);
    const thanks = renderer.render({ guest: guests.he, action: 'thanks', channel: 3 });
    expect(thanks.text).not.toContain('http');
    expect(thanks.template?.purpose).toBe('thanks');
  });

  it("uses the host's text only when approved; rounds 2 and 3 fall back to round 1's; other languages keep the default", async () => {
    const { token, eventId, guests } = await setup();
    await hostText(token, eventId, { purpose: 'invitation', lang: 'he', text: 'היי {guestName}, נא לאשר: {link} תודה' }, null);
    await t.ctx.db.execute(sql`update events set progress_status = 1 where id = ${eventId}`);
    const pendingOnly = await createMessageRenderer(t.ctx, eventId);
    expect(pendingOnly.render({ guest: guests.he, action: 'round1', channel: 1 }).text).toMatch(/^יעל כהן, מחכים לך!/);

    await hostText(token, eventId, { purpose: 'invitation', lang: 'he', text: 'היי {guestName}, נא לאשר: {link} תודה' }, 'approved');
    await hostText(token, eventId, { purpose: 'invitation', round: 2, lang: 'he', text: 'תזכורת {guestName}: {link} תודה' }, 'approved');
    await hostText(token, eventId, { purpose: 'invitation', round: 3, lang: 'he', text: 'אחרונה {guestName}: {link} תודה' }, 'rejected');
    await hostText(token, eventId, { purpose: 'thanks', lang: 'en', text: 'Thanks {guestName}, truly!' }, 'rejected');
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const link = `http://magiim.test/invite/${tokenOf(guests.he)}`;
    const shortLink = `http://magiim.test/i/${shortCodeOf(t.config.secrets.tokenPepper, guests.he.inviteSalt ?? '')}`;
    expect(renderer.render({ guest: guests.he, action: 'round1', channel: 1 }).text).toBe(`היי יעל כהן, נא לאשר: ${shortLink} תודה\n${OPT_OUT_LINES.he}`);
    expect(renderer.render({ guest: guests.he, action: 'round2', channel: 1 }).text).toBe(`תזכורת יעל כהן: ${shortLink} תודה\n${OPT_OUT_LINES.he}`);
    expect(renderer.render({ guest: guests.he, action: 'round3', channel: 1 }).text).toBe(`היי יעל כהן, נא לאשר: ${shortLink} תודה\n${OPT_OUT_LINES.he}`);
    const wa = renderer.render({ guest: guests.he, action: 'round2', channel: 3 });
    expect(wa.template).toEqual({ providerTemplateId: expect.stringMatching(/^wa-invitation-he-/), purpose: 'invitation', values: { guestName: 'יעל כהן', link }, headerImageUrl: null, pageUrlSuffix: null, quickReplies: true });
    expect(renderer.render({ guest: guests.en, action: 'round1', channel: 1 }).text).toMatch(/^Dear Dana Levi, we would love to see you at/);
    expect(renderer.render({ guest: guests.en, action: 'thanks', channel: 3 }).template?.providerTemplateId).toBeNull();
  });

  it("a guest whose language the event does not use gets the event's default language", async () => {
    const { token } = await signUpHost(t);
    const eventId = await createEvent(t, token, { names: { he: NAMES.he, en: NAMES.en }, langs: ['he', 'en'], defaultLang: 'en' });
    const dto = await addGuest(t, token, eventId, { fullName: 'Ivan', lang: 'en' });
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const sms = renderer.render({ guest: { id: dto.id, fullName: 'Ivan', lang: 'ru', inviteSalt: 'salt' }, action: 'round1', channel: 1 });
    expect(sms.text).toMatch(/^Dear Ivan, we would love to see you at Noa and Dani's wedding/);
    expect(sms.text.endsWith(OPT_OUT_LINES.en)).toBe(true);
  });

  it('formats the message date per language', () => {
    expect(messageDateOf('he', '2027-03-11')).toBe('יום ה׳, 11 במרץ');
    expect(messageDateOf('en', '2027-03-11')).toBe('Thursday, 11 March');
    expect(messageDateOf('ru', '2027-03-11')).toBe('четверг, 11 марта');
    expect(messageDateOf('ar', '2027-03-11')).toBe('الخميس، 11 مارس');
  });

  // Its speed is measured by bench:rounds, not asserted here (a timed test flakes on a busy machine).
  it('renders a 10,000-guest round once loaded, each guest with their own name', async () => {
    const { eventId, guests } = await setup();
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const langs = ['he', 'en', 'ru', 'ar'] as const;
    let parts = 0;
    let named = 0;
    for (let i = 0; i < 10_000; i++) {
      const guest = guests[langs[i % 4] ?? 'he'];
      const rendered = renderer.render({ guest: { ...guest, fullName: `${guest.fullName} ${i}` }, action: 'round1', channel: i % 2 ? 1 : 3 });
      parts += rendered.smsParts;
      if (rendered.text.includes(`${guest.fullName} ${i}`)) named++;
    }
    expect(parts).toBeGreaterThan(0);
    expect(named).toBe(10_000);
  });
});

describe('the gift link in messages', () => {
  const GIFT = 'https://pay.example.com/g/noa';
  const register = (token: string, eventId: string) =>
    t.request('POST', `/gifts/register/${eventId}`, {
      token,
      body: { fullName: 'Noa Cohen', phone: '054-1234567', email: 'noa@example.com', idNumber: '123456782', bankAccount: { bank: '12', branch: '345', account: '1234' } },
    });

  it('adds the link to the direction and thank-you messages only once it is approved', async () => {
    const { token, eventId, guests } = await setup();
    const texts = async () => {
      const renderer = await createMessageRenderer(t.ctx, eventId);
      return {
        direction: renderer.render({ guest: guests.he, action: 'direction', channel: 1 }).text,
        thanksEn: renderer.render({ guest: guests.en, action: 'thanks', channel: 3 }).text,
        invitation: renderer.render({ guest: guests.he, action: 'round1', channel: 3 }).text,
      };
    };
    const before = await texts();
    expect(JSON.stringify(before)).not.toContain('🎁');

    expect((await register(token, eventId)).statusCode).toBe(200);
    // Under review: still nothing.
    expect(await texts()).toEqual(before);

    await decideRegistration(t.ctx.db, eventId, { status: 'APPROVED', link: GIFT });
    const after = await texts();
    expect(after.direction).toContain(`🎁 למתנה בכרטיס אשראי: ${GIFT}`);
    // The SMS still ends with the opt-out line.
    expect(after.direction.endsWith(OPT_OUT_LINES.he)).toBe(true);
    expect(after.thanksEn).toBe(`${before.thanksEn}\n\n🎁 To give a gift by credit card: ${GIFT}`);
    expect(after.invitation).toBe(before.invitation);
  });

  it('fills {giftLink} where a text has it, and drops its line while there is no approved link', () => {
    const text = 'Thank you!\nA gift: {giftLink}\nSee you';
    expect(withGiftLink(text, 'thanks', 'en', null)).toBe('Thank you!\nSee you');
    expect(withGiftLink(text, 'thanks', 'en', 'https://g.example/1')).toBe('Thank you!\nA gift: https://g.example/1\nSee you');
    expect(withGiftLink('Thank you!', 'thanks', 'ru', null)).toBe('Thank you!');
    expect(withGiftLink('Hello', 'invitation', 'he', 'https://g.example/1')).toBe('Hello');
  });
});
