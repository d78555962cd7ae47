import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Screenshots for a person to look at. No test compares them, so by default they cost nothing: a
 * `page.screenshot({ path })` writes its file only with SCREENSHOTS=1 (a developer reviewing the screens), and a
 * failed test leaves a shot of every page still open in test-results/failures/ (see e2e/failure-shots.ts).
 * A screenshot asked for its bytes (no `path`) is always taken.
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === '1';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const FAILURE_SHOTS = path.join(root, 'test-results/failures');

const openPages = new Set<Page>();
const realScreenshot = new WeakMap<Page, Page['screenshot']>();

const watchPage = (page: Page): Page => {
  if (realScreenshot.has(page)) return page;
  const screenshot = page.screenshot.bind(page);
  realScreenshot.set(page, screenshot);
  page.screenshot = (async (options?: Parameters<Page['screenshot']>[0]) => {
    if (options?.path && !SCREENSHOTS_WANTED) return Buffer.alloc(0);
    return screenshot(options);
  }) as Page['screenshot'];
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
  return page;
};

const watchContext = (context: BrowserContext): BrowserContext => {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => watchPage(await newPage());
  // Pages the app opens itself (popups, target=_blank).
  context.on('page', watchPage);
  return context;
};

/**
 * Journeys ask for reduced motion unless a test says otherwise (first-screen.test.ts checks both): the app then
 * draws no transitions or ripples (its theme honours the setting), so a screen is at rest as soon as it is drawn
 * instead of ~0.5 s later, and the renderers do not paint those frames on a busy two-core machine.
 */
type ContextOptions = Parameters<Browser['newContext']>[0];
const withStillness = (options: ContextOptions = {}): ContextOptions => ({ reducedMotion: 'reduce', ...options });

/** The browser of the e2e suite: its pages' screenshots follow the rule above; its contexts ask for stillness. */
export const watchScreens = (browser: Browser): Browser => {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(withStillness(options)));
  browser.newPage = async (options) => watchPage(await newPage(withStillness(options)));
  return browser;
};

/** Shots of every page still open, named for the failed test (the pages a test closes itself are gone by then). */
export const shootOpenPages = async (testName: string): Promise<string[]> => {
  const written: string[] = [];
  const base = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 120);
  let n = 0;
  for (const page of openPages) {
    const screenshot = realScreenshot.get(page);
    if (!screenshot || page.isClosed()) continue;
    mkdirSync(FAILURE_SHOTS, { recursive: true });
    const file = path.join(FAILURE_SHOTS, `${base}-${++n}.png`);
    try {
      await screenshot({ path: file, fullPage: true, timeout: 5_000 });
      written.push(file);
    } catch {
      // A page mid-navigation or a browser already closing: the failure itself is what matters.
    }
  }
  return written;
};

/**
 * Waits until the page has drawn twice (a resize's media queries answered, React re-rendered) and its finite
 * transitions and animations (ripples, a dialog sliding in) have ended, at most `timeoutMs`: the event a
 * screenshot, an axe run or a measurement needs, instead of a guessed pause. Endless ones (spinners) are not
 * waited for; on a page without scripts (frames may never come) the deadline ends the wait.
 */
export const settled = async (page: Page, timeoutMs = 2_000): Promise<void> => {
  const inPage = page
    .evaluate(async () => {
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    })
    .catch(() => undefined);
  await Promise.race([inPage, new Promise((deadline) => setTimeout(deadline, timeoutMs))]);
};
