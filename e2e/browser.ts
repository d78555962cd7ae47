// Which Chromium the browser suite and `bench:web` drive, and how it is launched (no DOM types here, so
// scripts/ can import it).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export interface BrowserBinary {
  executablePath: string;
  /** Extra launch flags the binary needs (the packaged headless shell has its own). */
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | 'packaged';
}

/**
 * Flags of @sparticuz/chromium (made for AWS Lambda) left out: those that would weaken what the tests check
 * (same-origin policy, mixed content), and --single-process, under which every browser context shares one
 * renderer (local storage leaks between contexts) and the browser exits when its last context closes.
 */
const UNSAFE_PACKAGED_FLAGS = /^--(disable-web-security|allow-running-insecure-content|disable-site-isolation-trials|headless|single-process)\b/;

/**
 * The browser for the e2e suite and the benchmarks, first found of: `CHROMIUM_PATH`, a system Chromium or
 * Chrome, then the headless shell packaged in @sparticuz/chromium (an npm dependency, unpacked to /tmp on
 * first use), so a machine with only Node runs the browser suite. `MAGIIM_BROWSER=packaged` skips the first
 * two (to test that path); `MAGIIM_BROWSER=system` refuses the fallback.
 */
export const resolveBrowser = async (): Promise<BrowserBinary> => {
  const mode = process.env.MAGIIM_BROWSER;
  if (mode !== 'packaged') {
    const fromEnv = process.env.CHROMIUM_PATH;
    if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, args: [], source: 'CHROMIUM_PATH' };
    const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
    if (system) return { executablePath: system, args: [], source: 'system' };
    if (mode === 'system') throw new Error('No system Chromium: apt-get install -y chromium (or set CHROMIUM_PATH)');
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  return {
    executablePath: await packaged.executablePath(),
    args: packaged.args.filter((flag) => !UNSAFE_PACKAGED_FLAGS.test(flag)),
    source: 'packaged',
  };
};

const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const launchBrowser = async (): Promise<Browser> => {
  const binary = await resolveBrowser();
  return chromium.launch({
    executablePath: binary.executablePath,
    headless: true,
    args: [...new Set([...binary.args, ...LAUNCH_FLAGS])],
  });
};
