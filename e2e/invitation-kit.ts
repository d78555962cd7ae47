import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, settled } from './harness.js';

/** What the invitation journeys share: screenshots, axe, sideways scroll, text as read, Jerusalem time. */
export const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });

export const PHONE = { width: 390, height: 844 } as const;
const SIZES = [
  { label: 'phone', ...PHONE },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

/** Text as a reader sees it: without the invisible direction marks and isolates around numbers and names. */
export const plain = (text: string | null | undefined): string => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

export const textOf = async (page: Page, selector: string): Promise<string> => plain(await page.locator(selector).first().textContent());

export const expectAxeClean = async (page: Page, what: string) => {
  // no hover or ripple mid-transition on the last clicked control
  await page.mouse.move(0, 0);
  await settled(page);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
};

/** Nothing wider than the screen at `width` (the guest page must read at 320 px). */
export const expectNoSidewaysScroll = async (page: Page, width: number, what: string) => {
  await page.setViewportSize({ width, height: 740 });
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(innerWidth);
};

/**
 * Full-page shots at 390 and 1440 px, each without sideways scroll and axe-checked (axe needs JavaScript:
 * pages shown with it disabled pass `scripts: false` and are checked elsewhere); leaves the phone width set.
 */
export const shoot = async (page: Page, name: string, lang: string, { scripts = true } = {}) => {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settled(page);
    if (scripts) await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${size.label}.png`), fullPage: true });
    if (scripts) await expectAxeClean(page, `${name} ${lang} ${size.label}`);
    await expectNoSidewaysScroll(page, size.width, `${name} ${lang} ${size.label}`);
  }
  await page.setViewportSize(PHONE);
};

/** The instant of a wall-clock time in Asia/Jerusalem, worked out here independently of the app's code. */
export const jerusalemInstant = (date: string, time: string): Date => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Jerusalem',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(guess - (wallAsUtc - guess));
};

/** 2026-11-05T17:30:00.000Z → 20261105T173000Z, as iCalendar writes a UTC time. */
export const icsUtc = (instant: Date): string => instant.toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '');

/** Sends a form as the guest would (a tap on touch screens), waits for the page the server answers with, answers its status. */
export const submit = async (page: Page, selector: string): Promise<number> => {
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0).catch(() => false);
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.request().isNavigationRequest()),
    page.waitForNavigation({ waitUntil: 'load' }),
    touch ? page.tap(selector) : page.click(selector),
  ]);
  return response.status();
};
