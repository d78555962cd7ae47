import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone, type GuestDto, type GuestListResponse, type InvitePageDto, type PublicAnswersResponse } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { addGuest, hostWithEvent, nextPhone } from '../../guests/guest-test-kit.js';
import { fetchEvent, personalTokenOf, publicTokenOf, setEventDate } from '../invite-test-kit.js';
import { PAGE_TEXTS } from './page-texts.js';
import { sql } from 'drizzle-orm';
import { answerFromMessage } from '../message-answers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': FORM, ...headers } });
/** What the guest's page data says now (the JSON API reads the same service). */
const pageData = async (token: string): Promise<InvitePageDto> => (await t.request('GET', `/invite/${token}`)).json() as InvitePageDto;

const guestWithEvent = async (overrides: Parameters<typeof addGuest>[3] = {}) => {
  const { token, eventId } = await hostWithEvent(t);
  const guest: GuestDto = await addGuest(t, token, eventId, { fullName: 'Yael Cohen', countOfInvites: 3, askMeals: true, ...overrides });
  return { hostToken: token, eventId, guest, invite: personalTokenOf(guest) };
};

describe("the guest pages' footer: a link to the accessibility statement in the guest's language", () => {
  const statementLink = (html: string): string | undefined =>
    /<footer>.*?<a href="([^"]+)">([^<]+)<\/a>.*?<\/footer>/s.exec(html)?.slice(1, 3).join(' ');
  const expected = (lang: 'he' | 'en' | 'ru' | 'ar') => `${t.config.appUrl}/accessibility/${lang} ${PAGE_TEXTS[lang].accessibilityStatement}`;

  it('links from the invitation and the navigation page, following the chosen language', async () => {
    const { invite } = await guestWithEvent();
    expect(statementLink((await get(`/invite/${invite}`)).body)).toBe(expected('he'));
    expect(statementLink((await get(`/invite/${invite}?lang=en`)).body)).toBe(expected('en'));
    expect(statementLink((await get(`/navigate/${invite}?lang=en`)).body)).toBe(expected('en'));
  });

  it('links from the message pages (an unknown link) in the browser language', async () => {
    const ar = await get('/invite/AAAAAAAAAAAAAAAAAAAAAA', { 'accept-language': 'ar-IL,ar;q=0.9' });
    expect(ar.statusCode).toBe(404);
    expect(statementLink(ar.body)).toBe(expected('ar'));
    const ru = await get('/invite/AAAAAAAAAAAAAAAAAAAAAA', { 'accept-language': 'ru' });
    expect(statementLink(ru.body)).toBe(expected('ru'));
  });
});

describe('the personal invitation page (HTML)', () => {
  it("renders the guest's page in the guest's language, private, uncached and compressed", async () => {
    const { invite } = await guestWithEvent();
    const res = await get(`/invite/${invite}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('<h1 id="event-name"><bdi>החתונה של נועה ודני</bdi></h1>');
    expect(html).toContain('שלום <bdi>Yael Cohen</bdi>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('counts a view for a guest opening the page, not for HEAD or a link-preview crawler', async () => {
    const { hostToken, eventId, guest, invite } = await guestWithEvent();
    expect((await t.app.inject({ method: 'HEAD', url: `/invite/${invite}` })).statusCode).toBe(200);
    const preview = await get(`/invite/${invite}`, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    expect(preview.body).toContain('<meta property="og:title"');
    await get(`/invite/${invite}`, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' });
    await t.ctx.inviteViews.flush();
    const seen = (await t.request('GET', `/guests/${eventId}/${guest.id}`, { token: hostToken })).json() as GuestDto;
    expect(seen.viewedCount).toBe(1);
  });

  it('switches among the event languages with ?lang', async () => {
    const { invite } = await guestWithEvent();
    const html = (await get(`/invite/${invite}?lang=en`)).body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("Noa and Dani&#x27;s wedding");
    expect(html).toContain('aria-current="page">English</a>');
    // A language the event does not have: the guest's own.
    expect((await get(`/invite/${invite}?lang=ru`)).body).toContain('<html lang="he" dir="rtl">');
  });

  it('answers an unknown or malformed link with a friendly 404 page in the browser language', async () => {
    const unknown = await get('/invite/AAAAAAAAAAAAAAAAAAAAAA', { 'accept-language': 'ar-IL,ar;q=0.9,en;q=0.5' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<html lang="ar" dir="rtl">');
    expect(unknown.body).toContain(PAGE_TEXTS.ar.notFoundTitle);
    const malformed = await get('/invite/not*a*token?lang=en');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain(PAGE_TEXTS.en.notFoundTitle);
  });

  it('takes an answer from a plain form post and re-renders with the thank-you', async () => {
    const { invite } = await guestWithEvent();
    const res = await post(`/invite/${invite}?lang=en`, {
      status: 'approved',
      attending: '2',
      'meals.vegan': '1',
      'meals.vegetarian': '',
      comments: 'Mazal tov!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<p class="done" role="status">${PAGE_TEXTS.en.thanksApproved}</p>`);
    expect(res.body).toContain('You answered: <bdi>coming</bdi>, people coming: <bdi dir="ltr">2</bdi>');
    expect(res.body).toContain('Mazal tov!</textarea>');
    const { answer } = await pageData(invite);
    expect(answer).toMatchObject({ status: 'approved', attending: 2, meals: { vegan: 1 }, comments: 'Mazal tov!' });
    // Sending the same form again is harmless.
    const again = await post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '2', 'meals.vegan': '1', comments: 'Mazal tov!' });
    expect(again.statusCode).toBe(200);
  });

  it('re-renders a refused answer with the translated error beside its field, keeping what was typed', async () => {
    const { invite } = await guestWithEvent();
    const above = await post(`/invite/${invite}?lang=he`, { status: 'approved', attending: '7', comments: 'נגיע עם הילדים' });
    expect(above.statusCode).toBe(400);
    expect(above.body).toContain('role="alert"');
    expect(above.body).toContain(`<p class="err" id="attending-error">${PAGE_TEXTS.he.v_respondersAboveInvitees}</p>`);
    expect(above.body).toContain('נגיע עם הילדים</textarea>');
    const noStatus = await post(`/invite/${invite}?lang=en`, { comments: 'Not sure what to pick' });
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.body).toContain(`<p class="err" id="status-error">${PAGE_TEXTS.en.v_required}</p>`);
    expect(noStatus.body).toContain('Not sure what to pick</textarea>');
    const tooManyMeals = await post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '1', 'meals.vegan': '2' });
    expect(tooManyMeals.statusCode).toBe(400);
    expect(tooManyMeals.body).toContain(PAGE_TEXTS.en.v_mealsAboveAttending);
    expect((await pageData(invite)).answer).toBeNull();
  });

  it('a guest who answered by phone without being asked transport: open to the host, and the page asks it (nothing pre-chosen)', async () => {
    const points = ['Tel Aviv, Arlozorov', 'Haifa'];
    const { hostToken, eventId, guest, invite } = await guestWithEvent({ countOfInvites: 2 });
    await t.ctx.db.execute(sql`update events set transport = ${JSON.stringify({ ask: 'all_guests', options: points })}::jsonb where id = ${eventId}::uuid`);
    // The call took "coming, 2" and ended before its transport question.
    await answerFromMessage(t.ctx, guest.id, { status: 'approved', attending: 2 }, 'call');

    const hostView = async () => ((await t.request('GET', `/guests/list/${eventId}?q=Yael`, { token: hostToken })).json() as GuestListResponse).items[0]!;
    expect((await hostView()).answer).toMatchObject({ transport: null, transportOpen: true });
    expect((await pageData(invite)).answer).toMatchObject({ status: 'approved', attending: 2, transport: null, transportOpen: true });

    const html = (await get(`/invite/${invite}?lang=en`)).body;
    expect(html).toContain(PAGE_TEXTS.en.transportOpen);
    expect(html).not.toContain(`<li>${PAGE_TEXTS.en.transportNone}</li>`);
    // The form is open (not folded under "change my answer") and "no transport needed" is not chosen for them.
    expect(html).not.toContain('<details class="change">');
    expect(html).toMatch(/id="transport-none" name="transport" value=""\/?>/);
    expect(html).not.toMatch(/id="transport-none"[^>]*checked/);

    // Sent without touching transport (nothing was chosen for them): the rest is saved, transport stays open.
    const untouched = await post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '1', comments: 'See you' });
    expect(untouched.statusCode).toBe(200);
    expect((await hostView()).answer).toMatchObject({ comments: 'See you', transport: null, transportOpen: true });
    expect((await pageData(invite)).answer).toMatchObject({ attending: 1, transportOpen: true });
    expect(untouched.body).toContain(PAGE_TEXTS.en.transportOpen);
    expect(untouched.body).not.toContain(`<li>${PAGE_TEXTS.en.transportNone}</li>`);

    // Answered on the page: no longer open.
    expect((await post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '2', transport: points[1]! })).statusCode).toBe(200);
    expect((await hostView()).answer).toMatchObject({ transport: { option: points[1] }, transportOpen: false });
    expect((await pageData(invite)).answer?.transportOpen).toBeUndefined();
  });

  it('marks a wrong number from its own small form', async () => {
    const { invite } = await guestWithEvent();
    const page = (await get(`/invite/${invite}?lang=en`)).body;
    expect(page).toContain(`action="/invite/${invite}/wrong-number?lang=en#answer" method="post"`);
    const res = await t.app.inject({ method: 'POST', url: `/invite/${invite}/wrong-number?lang=en`, headers: { 'content-type': FORM }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PAGE_TEXTS.en.wrongNumberDone);
    expect((await pageData(invite)).answer?.status).toBe('wrongNumber');
    // Opening the link again says so, and still lets the real guest answer.
    const reopened = (await get(`/invite/${invite}?lang=en`)).body;
    expect(reopened).toContain(PAGE_TEXTS.en.wrongNumberMarked);
    expect(reopened).toContain('<form id="rsvp"');
  });

  it('says answers are closed after the event date, shows no form, and refuses a late post', async () => {
    const { invite, eventId } = await guestWithEvent();
    await setEventDate(t, eventId, addDays(todayInBusinessZone(), -1));
    const page = (await get(`/invite/${invite}?lang=en`)).body;
    expect(page).toContain(PAGE_TEXTS.en.closed);
    expect(page).not.toContain('<form');
    const late = await post(`/invite/${invite}?lang=en`, { status: 'approved', attending: '1' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(PAGE_TEXTS.en.err_ANSWERS_CLOSED);
  });

  it('gives the event as an .ics file, and the navigation page', async () => {
    const { invite } = await guestWithEvent();
    const ics = await get(`/invite/${invite}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe('attachment; filename="invitation.ics"');
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const nav = await get(`/navigate/${invite}?lang=en`);
    expect(nav.statusCode).toBe(200);
    expect(nav.body).toContain('https://waze.com/ul?ll=32.794000,34.989000&amp;navigate=yes');
    expect(nav.body).toContain(`href="/invite/${invite}?lang=en"`);
  });

  it('serves the enhancement script under its content hash, cached for a year', async () => {
    const { invite } = await guestWithEvent();
    const src = /<script type="module" src="([^"]+)"><\/script>/.exec((await get(`/invite/${invite}`)).body)?.[1];
    expect(src).toMatch(/^\/invite-assets\/enhance\.[A-Za-z0-9_-]{12}\.js$/);
    const script = await get(src!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain('rsvp');
    expect((await get('/invite-assets/enhance.000000000000.js')).statusCode).toBe(404);
  });
});

describe('the public invitation page (HTML)', () => {
  it('adds a guest from the form; a second answer from the phone is kept for the host beside the first', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const event = await fetchEvent(t, token, eventId);
    const publicToken = publicTokenOf(event);
    const page = await get(`/invite/p/${publicToken}?lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label class="label" for="fullName">Full name</label>');
    const phoneNumber = nextPhone();
    const first = await post(`/invite/p/${publicToken}?lang=en`, { fullName: 'Avi Levi', phoneNumber, lang: 'he', status: 'approved', attending: '2' });
    expect(first.statusCode).toBe(200);
    // Saved in the language chosen for messages; the page stays in the one being read.
    expect(first.body).toContain('<html lang="en" dir="ltr">');
    expect(first.body).toContain(PAGE_TEXTS.en.publicHeld);
    expect(first.body).toMatch(/name="phoneNumber" value="050-[\d-]+"/);
    const second = await post(`/invite/p/${publicToken}?lang=en`, { fullName: 'Avi Levi', phoneNumber, lang: 'he', status: 'declined' });
    expect(second.statusCode).toBe(200);
    // Issue 28: kept for the host, not applied: the page says it went to the hosts, not "you answered: not coming".
    expect(second.body).toContain(PAGE_TEXTS.en.publicHeld);
    expect(second.body).not.toContain(PAGE_TEXTS.en.thanksDeclined);
    expect(second.body).not.toContain('data-answer-summary');
    const list = (await t.request('GET', `/guests/list/${eventId}?q=Avi`, { token })).json() as GuestListResponse;
    expect(list.items.map((g) => ({ fullName: g.fullName, status: g.status, lang: g.lang }))).toEqual([{ fullName: 'Avi Levi', status: 'approved', lang: 'he' }]);
    const kept = (await t.request('GET', `/guests/public-answers/${eventId}`, { token })).json() as PublicAnswersResponse;
    expect(kept.items).toMatchObject([{ guestName: 'Avi Levi', reason: 'alreadyAnswered', status: 'declined' }]);
  });

  it('shows the public form errors (name, phone) in the page language', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const publicToken = publicTokenOf(await fetchEvent(t, token, eventId));
    const res = await post(`/invite/p/${publicToken}?lang=he`, { fullName: '', phoneNumber: '12', lang: 'he', status: 'maybe', comments: 'אולי' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<p class="err" id="fullName-error">`);
    expect(res.body).toContain(`<p class="err" id="phoneNumber-error">${PAGE_TEXTS.he.v_invalidPhone}</p>`);
    expect(res.body).toContain('אולי</textarea>');
  });
});

describe('guessing links', () => {
  it('short links (/i/<code>) count their misses in the same bucket as full links: 60 in 15 minutes, then 429', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const ip = '203.0.113.44';
      const statuses: number[] = [];
      // Half the guesses on full links, half on short ones: one budget for both.
      for (let i = 0; i < 30; i++) statuses.push((await limited.app.inject({ method: 'GET', url: `/invite/AAAAAAAAAAAAAAAAAAAAA${i % 10}`, remoteAddress: ip })).statusCode);
      for (let i = 0; i < 40 && statuses.at(-1) !== 429; i++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: `/i/AAAAAAAA${String(i).padStart(2, '0')}`, remoteAddress: ip })).statusCode);
      }
      expect(statuses.filter((status) => status === 404)).toHaveLength(60);
      expect(statuses.at(-1)).toBe(429);
      // A code of another shape is refused without a lookup.
      expect((await limited.app.inject({ method: 'GET', url: '/i/short', remoteAddress: '198.51.100.8' })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('ends in a 429 page with Retry-After once an address has missed too often', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      let last = await limited.app.inject({ method: 'GET', url: '/invite/AAAAAAAAAAAAAAAAAAAAAA?lang=en', remoteAddress: '203.0.113.9' });
      for (let i = 0; i < 80 && last.statusCode === 404; i++) {
        last = await limited.app.inject({ method: 'GET', url: `/invite/AAAAAAAAAAAAAAAAAAAAA${i % 10}?lang=en`, remoteAddress: '203.0.113.9' });
      }
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.body).toContain(PAGE_TEXTS.en.rateLimitedTitle);
      // Another address is not affected.
      const other = await limited.app.inject({ method: 'GET', url: '/invite/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '198.51.100.7' });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe("the host's previews", () => {
  it('render in an iframe of the app, with a ribbon and a form that sends nothing', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const links = (await t.request('GET', `/event/${eventId}/preview-links`, { token })).json() as { invitationUrl: string; navigateUrl: string };
    const invitation = await get(new URL(links.invitationUrl).pathname);
    expect(invitation.statusCode).toBe(200);
    expect(invitation.body).toContain(`<div class="ribbon">${PAGE_TEXTS.he.previewRibbon}</div>`);
    expect(invitation.body).toMatch(/<fieldset disabled="">/);
    expect(invitation.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(invitation.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const navigate = await get(`${new URL(links.navigateUrl).pathname}?lang=en`);
    expect(navigate.statusCode).toBe(200);
    expect(navigate.body).toContain(PAGE_TEXTS.en.previewRibbon);
    expect((await get(`${new URL(links.invitationUrl).pathname}/calendar.ics`)).statusCode).toBe(200);
    expect((await get('/preview/invite/00000000-0000-0000-0000-000000000000.1.AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});
