import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { launchBrowser as journeyBrowser } from './harness.js';

/** The process's parent, start time and arguments, from /proc (Chromium's main process keeps its argv NUL-separated). */
const processInfo = (pid: string) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // stat(5): ppid is field 4, starttime field 22; the slice starts at field 3.
    return { ppid: fields[1]!, started: Number(fields[19]), args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') };
  } catch {
    return undefined; // gone meanwhile
  }
};

const descendsFromUs = (pid: string): boolean => {
  for (let current = pid, hops = 0; current !== '0' && current !== '1' && hops < 10; hops++) {
    if (current === String(process.pid)) return true;
    const info = processInfo(current);
    if (!info) return false;
    current = info.ppid;
  }
  return false;
};

/**
 * The browser process this file launched: the one driven over the pipe, below this worker, started last. A worker
 * runs journeys one after another (isolate: false), and the previous journey's browser can still be exiting
 * (seen once in a full run: two found).
 */
const browserArgs = (): string[] => {
  const found = readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .map((pid) => ({ pid, info: processInfo(pid) }))
    .filter(({ pid, info }) => info?.args.includes('--remote-debugging-pipe') && descendsFromUs(pid));
  expect(found.length).toBeGreaterThan(0);
  return found.sort((a, b) => b.info!.started - a.info!.started)[0]!.info!.args;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the suite’s browser', () => {
  it('keeps every feature Playwright turns off or on: Chromium reads only the last of each flag', () => {
    const args = browserArgs();
    for (const flag of ['--disable-features', '--enable-features']) {
      const lists = args.filter((arg) => arg.startsWith(`${flag}=`)).map((arg) => arg.slice(flag.length + 1).split(','));
      expect(lists.length).toBeGreaterThan(0);
      const last = lists.at(-1)!;
      for (const earlier of lists) expect(last).toEqual(expect.arrayContaining(earlier));
    }
  });

  it('opens a context without the omnibox popups’ WebUI pages (a renderer each, per context)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('data:text/html,<p>ready</p>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] } as never)) as unknown as {
      targetInfos: { type: string; url: string }[];
    };
    await session.detach();
    await context.close();
    expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  });
});

describe('the browser a journey file gets', () => {
  it("is its worker's one Chromium, and its close() closes only the contexts that file opened", async () => {
    const first = await journeyBrowser();
    const second = await journeyBrowser();
    try {
      await first.newContext();
      const theirs = await second.newContext();
      const page = await theirs.newPage();
      await page.goto('data:text/html,<p>the other file</p>');
      // One browser: the first lease sees the page the second opened among the browser's targets.
      const session = await first.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as unknown as { targetInfos: { url: string }[] };
      await session.detach();
      expect(targetInfos.map((target) => target.url)).toContain('data:text/html,<p>the other file</p>');
      await first.close();
      expect(first.contexts()).toEqual([]);
      expect(first.isConnected()).toBe(true);
      expect(second.contexts()).toEqual([theirs]);
      expect(await page.textContent('p')).toBe('the other file');
    } finally {
      await second.close();
    }
    expect(second.contexts()).toEqual([]);
  });
});
