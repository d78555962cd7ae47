import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type ApiErrorBody, type CallScriptParts, type VoiceTemplatesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../../events/event-test-kit.js';
import { buyPackage } from '../../billing/billing-test-kit.js';
import { addGuest } from '../../guests/guest-test-kit.js';
import { DEFAULT_CALL_SCRIPTS, callDateOf, callTimeOf, fillCallScript, renderCallScript } from './call-script.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
});

type L = 'he' | 'en' | 'ru' | 'ar';
const get = (token: string, eventId: string) => t.request('GET', `/voiceTemplate/${eventId}`, { token });
const edit = (token: string, eventId: string, body: object) => t.request('POST', `/voiceTemplate/edit/${eventId}`, { token, body });
const hostWithEvent = async (langs: L[] = ['he', 'en'], packageId: 1 | 2 | null = 2) => {
  const { token } = await signUpHost(t);
  const eventId = await createEvent(t, token, { langs, names: Object.fromEntries(langs.map((lang) => [lang, `Event ${lang}`])) });
  if (packageId !== null) await buyPackage(t, token, eventId, { packageId });
  return { token, eventId };
};
const HE: CallScriptParts = {
  greeting: 'היי {guestName}',
  invitation: 'מוזמנים ל{eventName} ב{date} בשעה {time}, {place}',
  question: 'מגיעים? 1 כן, 2 לא, 3 אולי, 9 שוב',
  count: 'כמה? עד {countOfInvites}',
  closing: 'תודה!',
};
const rowsOf = async (eventId: string) =>
  (await t.ctx.db.execute<{ lang: string }>(sql`select lang from voice_templates where event_id = ${eventId} order by lang`)).rows.map((row) => row.lang);

describe('voice templates: reading', () => {
  it('answers the defaults for each event language and no host scripts at first, before any package too', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'ar'], null);
    const res = await get(token, eventId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      templates: [],
      defaults: [
        { lang: 'he', parts: DEFAULT_CALL_SCRIPTS.he },
        { lang: 'ar', parts: DEFAULT_CALL_SCRIPTS.ar },
      ],
    });
  });

  it("answers 404 to another host, for reading and editing, and writes nothing", async () => {
    const { eventId } = await hostWithEvent(['he']);
    const other = await signUpHost(t);
    const read = await get(other.token, eventId);
    expect(read.statusCode).toBe(404);
    expect((read.json() as ApiErrorBody).code).toBe('NOT_FOUND');
    const write = await edit(other.token, eventId, { lang: 'he', parts: HE });
    expect(write.statusCode).toBe(404);
    expect(await rowsOf(eventId)).toEqual([]);
  });
});

describe('voice templates: editing', () => {
  it('saves the premium host script, answers it with the defaults, and replaces it on a second edit', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    const res = await edit(token, eventId, { lang: 'he', parts: HE });
    expect(res.statusCode).toBe(200);
    const body = res.json() as VoiceTemplatesResponse;
    expect(body.templates).toEqual([{ lang: 'he', parts: HE }]);
    expect(body.defaults.map((d) => d.lang)).toEqual(['he', 'en']);
    const second = await edit(token, eventId, { lang: 'he', parts: { ...HE, closing: 'להתראות' } });
    expect((second.json() as VoiceTemplatesResponse).templates).toEqual([{ lang: 'he', parts: { ...HE, closing: 'להתראות' } }]);
    expect(((await get(token, eventId)).json() as VoiceTemplatesResponse).templates).toEqual([{ lang: 'he', parts: { ...HE, closing: 'להתראות' } }]);
    expect(await rowsOf(eventId)).toEqual(['he']);
  });

  it('refuses the basic package and an unpaid event with PREMIUM_REQUIRED', async () => {
    for (const packageId of [1, null] as const) {
      const { token, eventId } = await hostWithEvent(['he'], packageId);
      const res = await edit(token, eventId, { lang: 'he', parts: HE });
      expect(res.statusCode).toBe(403);
      expect((res.json() as ApiErrorBody).code).toBe('PREMIUM_REQUIRED');
      expect(await rowsOf(eventId)).toEqual([]);
    }
  });

  it('refuses a language the event does not have', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    const res = await edit(token, eventId, { lang: 'ru', parts: HE });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiErrorBody;
    expect(body.code).toBe('VALIDATION');
    expect(body.issues).toEqual([{ path: 'lang', message: MSG.invalidValue }]);
  });

  it('refuses an unknown placeholder, naming it, and a message-only one like {link}', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    const res = await edit(token, eventId, { lang: 'he', parts: { ...HE, greeting: 'שלום {name}' } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiErrorBody;
    expect(body.code).toBe('VALIDATION');
    expect(body.issues).toEqual([{ path: 'parts.greeting', message: MSG.templateUnknownPlaceholder('name') }]);
    const link = await edit(token, eventId, { lang: 'he', parts: { ...HE, closing: 'לאישור: {link}' } });
    expect(link.statusCode).toBe(400);
    expect((link.json() as ApiErrorBody).issues).toEqual([{ path: 'parts.closing', message: MSG.templateUnknownPlaceholder('link') }]);
    expect(await rowsOf(eventId)).toEqual([]);
  });

  it('refuses control and bidi override characters, an empty part and an over-long one', async () => {
    const { token, eventId } = await hostWithEvent(['he']);
    for (const greeting of ['שלום\u202e{guestName}', 'שלום\u0007', '   ', 'א'.repeat(401)]) {
      const res = await edit(token, eventId, { lang: 'he', parts: { ...HE, greeting } });
      expect(res.statusCode, JSON.stringify(greeting)).toBe(400);
      expect((res.json() as ApiErrorBody).code).toBe('VALIDATION');
    }
    expect(await rowsOf(eventId)).toEqual([]);
  });

  it('saving the default text removes the host script (back on the default)', async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    await edit(token, eventId, { lang: 'he', parts: HE });
    await edit(token, eventId, { lang: 'en', parts: { ...DEFAULT_CALL_SCRIPTS.en, greeting: 'Hi {guestName}' } });
    expect(await rowsOf(eventId)).toEqual(['en', 'he']);
    const res = await edit(token, eventId, { lang: 'he', parts: DEFAULT_CALL_SCRIPTS.he });
    expect(res.statusCode).toBe(200);
    expect((res.json() as VoiceTemplatesResponse).templates.map((x) => x.lang)).toEqual(['en']);
    expect(await rowsOf(eventId)).toEqual(['en']);
  });
});

describe('renderCallScript', () => {
  it('says dates and times in words a voice reads, per language (no slashes)', () => {
    // 12 May 2026 is a Tuesday.
    expect(callDateOf('he', '2026-05-12')).toBe('יום שלישי, 12 במאי');
    expect(callDateOf('en', '2026-05-12')).toBe('Tuesday, May 12');
    expect(callDateOf('ru', '2026-05-12')).toBe('вторник, 12 мая');
    expect(callDateOf('ar', '2026-05-12')).toBe('الثلاثاء، 12 مايو');
    expect(callTimeOf('he', '19:30')).toBe('19:30');
    expect(callTimeOf('en', '19:30')).toBe('7:30 PM');
    expect(callTimeOf('ru', '09:05')).toBe('09:05');
    expect(callTimeOf('ar', '19:30')).toBe('19:30');
    // The first of January and the last of December do not slip a day in Jerusalem.
    expect(callDateOf('en', '2026-01-01')).toBe('Thursday, January 1');
    expect(callDateOf('en', '2026-12-31')).toBe('Thursday, December 31');
  });

  it('drops an unknown placeholder instead of reading it aloud', () => {
    const filled = fillCallScript({ ...DEFAULT_CALL_SCRIPTS.en, greeting: 'Hello {nobody} {guestName}' }, {
      guestName: 'Dana',
      eventName: '',
      date: '',
      time: '',
      place: '',
      countOfInvites: '2',
    });
    expect(filled.greeting).toBe('Hello Dana');
    expect(filled.invitation).toBe('You are warmly invited to on at.');
    const he = fillCallScript(DEFAULT_CALL_SCRIPTS.he, { guestName: 'דנה', eventName: 'החתונה', date: 'יום שלישי, 12 במאי', time: '19:30', place: '', countOfInvites: '2' });
    expect(he.invitation).toBe('שמחים להזמין אתכם לאירוע החתונה, ביום שלישי, 12 במאי בשעה 19:30.');
    const ar = fillCallScript(DEFAULT_CALL_SCRIPTS.ar, { guestName: 'دانا', eventName: 'الزفاف', date: 'الثلاثاء، 12 مايو', time: '19:30', place: '', countOfInvites: '2' });
    expect(ar.invitation).toBe('يسعدنا دعوتكم لحضور الزفاف يوم الثلاثاء، 12 مايو الساعة 19:30.');
  });

  it("fills the default script in each language with the guest, the event's name in that language, the date, time, place and count", async () => {
    const langs: L[] = ['he', 'en', 'ru', 'ar'];
    const { token } = await signUpHost(t);
    const names = { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding", ru: 'Свадьба Ноа и Дани', ar: 'زفاف نوعا وداني' };
    const eventId = await createEvent(t, token, { langs, names });
    await t.ctx.db.execute(sql`update events set date = '2026-05-12', time = '19:30' where id = ${eventId}`);
    const guest = await addGuest(t, token, eventId, { fullName: '  Dana Levi ', countOfInvites: 4 });
    const expected: Record<L, Partial<CallScriptParts>> = {
      he: { greeting: 'שלום Dana Levi!', invitation: 'שמחים להזמין אתכם לאירוע החתונה של נועה ודני, ביום שלישי, 12 במאי בשעה 19:30, Gan Oranim.' },
      en: { greeting: 'Hello Dana Levi!', invitation: "You are warmly invited to Noa and Dani's wedding on Tuesday, May 12 at 7:30 PM, Gan Oranim." },
      ru: { greeting: 'Здравствуйте, Dana Levi!', invitation: 'Приглашаем вас на праздник «Свадьба Ноа и Дани»: вторник, 12 мая в 19:30, Gan Oranim.' },
      ar: { greeting: 'مرحبًا Dana Levi!', invitation: 'يسعدنا دعوتكم لحضور زفاف نوعا وداني يوم الثلاثاء، 12 مايو الساعة 19:30، Gan Oranim.' },
    };
    for (const lang of langs) {
      const script = await renderCallScript(t.ctx, { eventId, guestId: guest.id, lang });
      expect(script, lang).toMatchObject(expected[lang]);
      expect(script!.count, lang).toContain('4');
      expect(script!.count, lang).not.toContain('{');
      expect(script!.question, lang).toBe(DEFAULT_CALL_SCRIPTS[lang].question);
      expect(script!.closing, lang).toBe(DEFAULT_CALL_SCRIPTS[lang].closing);
    }
  });

  it("uses the host's script in that language and the default in the others; undefined for a guest of another event", async () => {
    const { token, eventId } = await hostWithEvent(['he', 'en']);
    const guest = await addGuest(t, token, eventId, { fullName: 'רון', countOfInvites: 2 });
    await edit(token, eventId, { lang: 'he', parts: HE });
    const he = await renderCallScript(t.ctx, { eventId, guestId: guest.id, lang: 'he' });
    expect(he?.greeting).toBe('היי רון');
    expect(he?.count).toBe('כמה? עד 2');
    const en = await renderCallScript(t.ctx, { eventId, guestId: guest.id, lang: 'en' });
    expect(en?.greeting).toBe('Hello רון!');
    const other = await hostWithEvent(['he']);
    expect(await renderCallScript(t.ctx, { eventId: other.eventId, guestId: guest.id, lang: 'he' })).toBeUndefined();
  });
});
