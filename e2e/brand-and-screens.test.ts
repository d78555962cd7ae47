import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, linkPathFrom, registerViaApi, seriousAxeViolations, startBuiltApp, uncachedPage, uniqueEmail, type RunningApp } from './harness.js';

/**
 * The key pages in Hebrew, English and Arabic at a phone's 390 px and a desktop's 1440 px: saved as
 * screenshots for review (test-results/screenshots/, gitignored), checked with axe in he and en, and the
 * brand's promises checked in the browser (fonts by script, language menu, nothing clipped).
 */
const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test-results/screenshots');
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const LANGS = ['he', 'en', 'ar'] as const;

let app: RunningApp;
let browser: Browser;
const email = uniqueEmail('screens');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  await registerViaApi(app, email, { fullName: 'Noa Cohen' });
  const page = await browser.newPage();
  await page.goto(`${app.url}${linkPathFrom(await app.waitForMail(email), 'verify-email')}`);
  await page.waitForSelector('[data-testid="verify-success"]');
  await page.close();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const newContextIn = async (lang: string): Promise<BrowserContext> => {
  const context = await browser.newContext();
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', chosen);
  }, lang);
  return context;
};

/** Waits for fonts and the page's heading, then saves the shot and (he, en) checks it with axe. */
const capture = async (page: Page, lang: string, size: string, name: string) => {
  await page.waitForSelector('h1');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${size}.png`), fullPage: true });
  if (lang !== 'ar') {
    const violations = await seriousAxeViolations(page);
    expect(violations, `${name} ${lang} ${size}: ${JSON.stringify(violations)}`).toEqual([]);
  }
  // Nothing wider than the screen: no sideways scrolling, no clipped tokens.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} ${lang} ${size} scrolls sideways`).toBeLessThanOrEqual(0);
};

describe.each(LANGS)('key pages in %s', (lang) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContextIn(lang);
    page = await uncachedPage(context);
    // The reset form is shown for a link the server vouches for; this set is about looks, not tokens.
    await page.route('**/api/auth/checkResetToken', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"valid":true}' }),
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signed out: login, register, forgot, reset, verify-sent, not found', async () => {
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${app.url}/login/${lang}`);
      await page.waitForSelector('input[name="email"]');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await capture(page, lang, size.name, 'login');
      await page.goto(`${app.url}/register/${lang}`);
      await page.waitForSelector('input[name="fullName"]');
      await capture(page, lang, size.name, 'register');
      await page.goto(`${app.url}/forgot-password`);
      await page.waitForSelector('input[name="email"]');
      await capture(page, lang, size.name, 'forgot');
      await page.goto(`${app.url}/reset-password/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`);
      await page.waitForSelector('input[name="password"]');
      await capture(page, lang, size.name, 'reset');
      await page.goto(`${app.url}/send-verification-email`);
      await capture(page, lang, size.name, 'verify-sent');
      await page.goto(`${app.url}/no/such/page`);
      await page.waitForSelector('[data-testid="not-found"]');
      await capture(page, lang, size.name, 'not-found');
    }
  });

  it('signed in: the empty event list and the user settings', async () => {
    await page.goto(`${app.url}/login/${lang}`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="events-empty"]');
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${app.url}/manage-events/${lang}`);
      await page.waitForSelector('[data-testid="events-empty"]');
      await capture(page, lang, size.name, 'manage-events-empty');
      await page.goto(`${app.url}/userSettings`);
      await page.waitForSelector('[data-testid="password-form"]');
      await capture(page, lang, size.name, 'user-settings');
    }
  });
});

describe('brand details in the browser', () => {
  it('a Hebrew page loads the Hebrew and Latin glyph files only, and the Arabic page its Arabic face', async () => {
    const fontsOf = async (lang: string) => {
      const context = await newContextIn(lang);
      const page = await uncachedPage(context);
      const loaded: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.woff2')) loaded.push(path.basename(new URL(response.url()).pathname));
      });
      await page.goto(`${app.url}/login/${lang}`);
      await page.waitForSelector('input[name="email"]');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await context.close();
      return loaded;
    };
    const hebrew = await fontsOf('he');
    expect(hebrew.some((file) => file.includes('rubik-hebrew'))).toBe(true);
    expect(hebrew.filter((file) => /arabic|cyrillic/.test(file))).toEqual([]);
    const arabic = await fontsOf('ar');
    expect(arabic.some((file) => file.includes('noto-sans-arabic-arabic'))).toBe(true);
    expect(arabic.filter((file) => /hebrew|cyrillic/.test(file))).toEqual([]);
  });

  it('the language menu names each language in itself, with a flag, on targets of at least 44×44 px', async () => {
    const context = await newContextIn('he');
    const page = await uncachedPage(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/login`);
    const button = page.locator('[data-testid="language-picker"]');
    const box = await button.boundingBox();
    expect(box!.width, 'button width').toBeGreaterThanOrEqual(44);
    expect(box!.height, 'button height').toBeGreaterThanOrEqual(44);
    await button.click();
    const names: string[] = [];
    for (const lang of ['he', 'en', 'ru', 'ar']) {
      const item = page.locator(`[data-testid="lang-${lang}"]`);
      // The name beside the flag (Arabic's flag is a letter badge, so not the item's whole text).
      names.push((await item.locator('span').innerText()).trim());
      expect(await item.locator('svg').count()).toBe(1);
      // The menu grows in (a scale transition): the height counts once it has settled.
      await expect.poll(async () => (await item.boundingBox())!.height, { timeout: 2000 }).toBeGreaterThanOrEqual(44);
    }
    expect(names).toEqual(['עברית', 'English', 'Русский', 'العربية']);
    await context.close();
  });

  it('keeps "4–20" in order and an address whole inside Hebrew text', async () => {
    const context = await newContextIn('he');
    const page = await uncachedPage(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/register/he`);
    await page.waitForSelector('input[name="password"]');
    // The hint's range is isolated: its characters lay out left to right, 4 before 20.
    const order = await page.evaluate(() => {
      const hint = Array.from(document.querySelectorAll('p')).find((p) => p.textContent?.includes('4–20'));
      if (!hint) return null;
      const text = hint.firstChild as Text;
      const at = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      const start = text.data.indexOf('4–20');
      return { four: at(start), twenty: at(start + 2) };
    });
    expect(order).not.toBeNull();
    expect(order!.four).toBeLessThan(order!.twenty);

    // A long hyphenated address after registration: one left-to-right island, not cut at the card's edge.
    const long = `noa-cohen-levi-${Date.now()}@celebrations-example.co.il`;
    await page.fill('input[name="fullName"]', 'נועה כהן');
    await page.fill('input[name="email"]', long);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.fill('input[name="confirmPassword"]', E2E_PASSWORD);
    await page.check('input[name="acceptTerms"]');
    await page.check('input[name="isAdult"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(/send-verification-email/);
    await page.waitForSelector('[data-testid="correct-address"]');
    const island = page.locator('bdi.ltr-token', { hasText: long });
    expect(await island.getAttribute('dir')).toBe('ltr');
    const fits = await island.evaluate((element) => {
      const own = element.getBoundingClientRect();
      const card = element.closest('.MuiCardContent-root')!.getBoundingClientRect();
      return own.left >= card.left && own.right <= card.right && element.scrollWidth <= element.clientWidth + 1;
    });
    expect(fits).toBe(true);
    await context.close();
  });
});
