import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MSG } from '@magiim/shared';
import type { AnswerFormValues } from './answer-form-values.js';
import { bundleClientScript } from './client-script.js';
import { inviteDocument, messageDocument, navigateDocument } from './page-documents.js';
import { PAGE_TEXTS } from './page-texts.js';
import { samplePage, TEST_APP_URL, TEST_PATHS } from './page-test-fixtures.js';

const SCRIPT = '/invite-assets/enhance.test.js';
const render = (...args: Parameters<typeof samplePage>) =>
  inviteDocument({ page: samplePage(...args), paths: TEST_PATHS, appUrl: TEST_APP_URL, scriptSrc: SCRIPT });

const KB = 1024;
const sizes = (text: string) => ({
  raw: Buffer.byteLength(text),
  gzip: gzipSync(text, { level: 6 }).length,
  brotli: brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length,
});

describe('the invitation page', () => {
  it('renders Hebrew right to left, with the weekday, the Hebrew date and the time isolated', () => {
    const html = render('he');
    expect(html.startsWith('<!doctype html><html lang="he" dir="rtl">')).toBe(true);
    expect(html).toContain('יום חמישי, 11 במרץ 2027');
    expect(html).toContain('באדר ב׳ תשפ״ז');
    expect(html).toContain('בשעה <bdi dir="ltr">19:30</bdi>');
    expect(html).toContain('שלום <bdi>Dana Levi</bdi>');
    expect(html).toContain('<h1 id="event-name"><bdi>החתונה של נועה ודני</bdi></h1>');
  });

  it('renders English left to right without a Hebrew date, and Arabic right to left', () => {
    const en = render('en');
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain('Thursday, 11 March 2027');
    expect(en).not.toContain('תשפ״ז');
    const ar = render('ar');
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain(PAGE_TEXTS.ar.statusLegend);
    expect(ar).not.toContain('תשפ״ז');
  });

  it('links every event language by its own name, the current one marked', () => {
    const html = render('ru');
    expect(html).toContain('<a href="?lang=he" lang="he" hrefLang="he">עברית</a>');
    expect(html).toContain('aria-current="page">Русский</a>');
    expect(html).toContain('>العربية</a>');
  });

  it('has the image sized and in WebP renditions, loaded first', () => {
    const html = render('he');
    expect(html).toMatch(/<img [^>]*srcSet="[^"]*320\.webp 320w, [^"]*1280\.webp 1280w"/);
    expect(html).toMatch(/<img [^>]*width="1280" height="1810"/);
    expect(html).toMatch(/<img [^>]*fetchPriority="high"/);
  });

  it('carries the link-preview tags with the 1200×630 image', () => {
    const html = render('he');
    expect(html).toContain('<meta property="og:title" content="החתונה של נועה ודני"/>');
    expect(html).toContain(`<meta property="og:image" content="${TEST_APP_URL}/media/`);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<meta property="og:url" content="${TEST_APP_URL}${TEST_PATHS.invite}?lang=he"/>`);
  });

  it('has navigation and calendar links', () => {
    const html = render('en');
    expect(html).toContain('https://waze.com/ul?ll=32.794000,34.989000&amp;navigate=yes');
    expect(html).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=32.794000,34.989000');
    expect(html).toContain(`href="${TEST_PATHS.invite}/calendar.ics?lang=en"`);
    expect(html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(html).toContain('https://outlook.live.com/calendar/0/deeplink/compose?');
  });

  it('summarises the current answer and preselects it in the form', () => {
    const html = render('en');
    expect(html).toContain('You answered: <bdi>coming</bdi>, people coming: <bdi dir="ltr">3</bdi>');
    expect(html).toMatch(/id="status-approved" name="status" checked=""/);
    expect(html).toContain('<option value="3" selected="">3</option>');
    expect(html).toMatch(/name="meals.vegetarian" value="1"/);
    expect(html).toMatch(/id="transport-1" name="transport" checked=""/);
    expect(html).toContain('We are so happy for you!</textarea>');
    expect(html).toContain(`action="${TEST_PATHS.invite}?lang=en#answer" method="post"`);
    expect(html).toContain(`action="${TEST_PATHS.invite}/wrong-number?lang=en#answer" method="post"`);
    expect(html).toContain(`<script type="module" src="${SCRIPT}"></script>`);
  });

  it('asks only the questions the guest is asked', () => {
    const html = render('en', { questions: { meals: null, transport: null, transportLabels: null, maxAttending: 1 }, answer: null });
    expect(html).not.toContain('meals.');
    expect(html).not.toContain('name="transport"');
    expect(html).toContain('<input type="hidden" name="attending" value="1"/>');
    expect(html).not.toContain('You answered');
  });

  it('shows no form once answers are closed', () => {
    const html = render('he', { closed: true });
    expect(html).toContain(PAGE_TEXTS.he.closed);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<script');
    expect(html).toContain('התשובה שלכם');
  });

  it("is the host's preview: a ribbon, a disabled form that posts nowhere, no script", () => {
    const html = render('he', { kind: 'preview', guest: { fullName: '', countOfInvites: 2 }, answer: null });
    expect(html).toContain(`<div class="ribbon">${PAGE_TEXTS.he.previewRibbon}</div>`);
    expect(html).toMatch(/<form id="rsvp"[^>]*><fieldset disabled="">/);
    expect(html).not.toMatch(/<form id="rsvp"[^>]*method=/);
    expect(html).not.toMatch(/<form[^>]*action=/);
    expect(html).not.toContain('<script');
    expect(html).toContain(PAGE_TEXTS.he.greetingNoName);
    // framed in the app: the accessibility statement opens in a new tab
    expect(html).toContain(`<a href="${TEST_APP_URL}/accessibility/he" target="_blank" rel="noopener">`);
  });

  it('asks the public page for name, phone and language, and offers no wrong-number button', () => {
    const html = render('en', { kind: 'public', guest: null, answer: null });
    expect(html).toMatch(/<input type="text" id="fullName" dir="auto" autoComplete="name"[^>]* name="fullName"/);
    expect(html).toMatch(/<input type="tel" id="phoneNumber" dir="ltr" autoComplete="tel" inputMode="tel"[^>]* name="phoneNumber"/);
    expect(html).toContain('<label class="label" for="phoneNumber">Mobile phone</label>');
    expect(html).toMatch(/<select id="formLang" name="lang">/);
    expect(html).not.toContain('wrong-number');
    expect(html).toContain(PAGE_TEXTS.en.publicIntro);
  });

  it('shows a refused answer with its errors linked to the fields, keeping what was typed', () => {
    const values: AnswerFormValues = {
      status: 'approved',
      attending: '9',
      meals: { vegan: '2' },
      transport: '',
      comments: 'See you <there>',
      fullName: '',
      phoneNumber: '',
      lang: 'en',
    };
    const html = inviteDocument({
      page: samplePage('en', { answer: null }),
      paths: TEST_PATHS,
      appUrl: TEST_APP_URL,
      scriptSrc: SCRIPT,
      values,
      errors: { fields: { attending: MSG.respondersAboveInvitees }, form: null },
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('<a href="#attending">How many of you are coming? (including you): More people are coming than were invited</a>');
    expect(html).toContain('aria-invalid="true" aria-describedby="attending-hint attending-error"');
    expect(html).toContain('<p class="err" id="attending-error">More people are coming than were invited</p>');
    expect(html).toContain('See you &lt;there&gt;</textarea>');
    expect(html).toMatch(/name="meals.vegan" value="2"/);
  });

  it('thanks the guest after an answer, and after a wrong number shows only the thanks', () => {
    const saved = inviteDocument({ page: samplePage('he'), paths: TEST_PATHS, appUrl: TEST_APP_URL, scriptSrc: SCRIPT, outcome: 'saved' });
    expect(saved).toContain(`<p class="done" role="status">${PAGE_TEXTS.he.thanksApproved}</p>`);
    const wrong = inviteDocument({
      page: samplePage('he', { answer: { status: 'wrongNumber', attending: null, meals: {}, transport: null, comments: '', answeredAt: '2027-01-01T00:00:00Z' } }),
      paths: TEST_PATHS,
      appUrl: TEST_APP_URL,
      scriptSrc: SCRIPT,
      outcome: 'wrongNumber',
    });
    expect(wrong).toContain(PAGE_TEXTS.he.wrongNumberDone);
    expect(wrong).not.toContain('<form');
    // Whoever reported the number is not the guest: no greeting by name, no "we would love to see you".
    expect(wrong).not.toContain('נשמח לראותכם');
    expect(wrong).not.toContain('Dana Levi');
    expect(wrong).toContain(PAGE_TEXTS.he.greetingWrongNumber);
    expect(wrong).not.toContain(PAGE_TEXTS.he.calendarTitle);
    expect(wrong).not.toContain(PAGE_TEXTS.he.navigateWaze);
    const marked = render('en', { answer: { status: 'wrongNumber', attending: null, meals: {}, transport: null, comments: '', answeredAt: '2027-01-01T00:00:00Z' } });
    expect(marked).not.toContain('we would love to see you');
    expect(marked).toContain(PAGE_TEXTS.en.wrongNumberMarked);
  });

  it('repeats the whole answer after saving it: people, meals, transport and the note', () => {
    const saved = inviteDocument({ page: samplePage('en'), paths: TEST_PATHS, appUrl: TEST_APP_URL, scriptSrc: SCRIPT, outcome: 'saved' });
    expect(saved).toContain('You answered: <bdi>coming</bdi>, people coming: <bdi dir="ltr">3</bdi>');
    expect(saved).toContain('<li>Special meals: <bdi>Vegetarian 1, Gluten free 1</bdi></li>');
    expect(saved).toContain('<li>Transport: <bdi>Jerusalem, Binyanei HaUma</bdi></li>');
    expect(saved).toContain('<li>You wrote: <bdi>We are so happy for you!</bdi></li>');
    const he = inviteDocument({ page: samplePage('he'), paths: TEST_PATHS, appUrl: TEST_APP_URL, scriptSrc: SCRIPT, outcome: 'saved' });
    expect(he).toContain('<li>מנות מיוחדות: <bdi>צמחונית 1, ללא גלוטן 1</bdi></li>');
    // Transport asked and not wanted is part of the answer; meals none: no line.
    const base = samplePage('en');
    const noNeeds = render('en', { answer: { ...base.answer!, meals: {}, transport: null, comments: '' } });
    expect(noNeeds).toContain(`<li>${PAGE_TEXTS.en.transportNone}</li>`);
    expect(noNeeds).not.toContain('Special meals: ');
    // Not coming: the status alone.
    const declined = render('en', { answer: { ...base.answer!, status: 'declined', attending: 0, comments: '' } });
    expect(declined).toContain('You answered: <bdi>not coming</bdi>');
    expect(declined).not.toContain('Transport: ');
  });

  it('escapes what the host and the guest wrote', () => {
    const page = samplePage('en');
    const html = render('en', {
      event: { ...page.event, name: '<script>alert(1)</script>' },
      guest: { fullName: '"><img src=x onerror=alert(1)>', countOfInvites: 2 },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders the navigation page and the message page', () => {
    const nav = navigateDocument({ page: samplePage('ar'), paths: TEST_PATHS, appUrl: TEST_APP_URL });
    expect(nav).toContain('<html lang="ar" dir="rtl">');
    expect(nav).toContain(PAGE_TEXTS.ar.navigateWaze);
    expect(nav).toContain(`href="${TEST_PATHS.invite}?lang=ar"`);
    expect(nav).not.toContain('<form');
    expect(nav).toContain(`<a href="${TEST_APP_URL}/accessibility/ar">${PAGE_TEXTS.ar.accessibilityStatement}</a>`);
    const missing = messageDocument({ lang: 'ru', title: 'notFoundTitle', body: 'notFoundBody', appUrl: TEST_APP_URL });
    expect(missing).toContain(`<h1 id="message">${PAGE_TEXTS.ru.notFoundTitle}</h1>`);
    expect(missing).toContain(`<a href="${TEST_APP_URL}/accessibility/ru">${PAGE_TEXTS.ru.accessibilityStatement}</a></footer>`);
  });

  it("ends with a link to the web app's accessibility statement in the page's language", () => {
    expect(render('he')).toContain(`<footer><p>${PAGE_TEXTS.he.poweredBy}</p><a href="${TEST_APP_URL}/accessibility/he">הצהרת נגישות</a></footer>`);
    expect(render('en')).toContain(`<a href="${TEST_APP_URL}/accessibility/en">Accessibility statement</a>`);
  });
});

describe('the page budget', () => {
  it('keeps a full invitation page (4 languages, image, meals, transport, an answer) within 14 KB compressed', () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const size = sizes(render(lang));
      console.log(`invitation page ${lang}: ${size.raw} B raw, ${size.gzip} B gzip, ${size.brotli} B brotli`);
      expect(size.gzip).toBeLessThanOrEqual(14 * KB);
      expect(size.brotli).toBeLessThanOrEqual(14 * KB);
    }
  });

  it('keeps the enhancement script small (all the JS: at most 50 KB compressed)', async () => {
    const size = sizes(await bundleClientScript());
    console.log(`enhancement script: ${size.raw} B raw, ${size.gzip} B gzip, ${size.brotli} B brotli`);
    expect(size.gzip).toBeLessThanOrEqual(50 * KB);
    expect(size.brotli).toBeLessThanOrEqual(50 * KB);
    expect(size.raw).toBeLessThan(5 * KB);
  });
});
