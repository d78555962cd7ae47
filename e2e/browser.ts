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

/** playwright-core's own --disable-features list (its chromiumSwitches), as of the installed version. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * New headless Chromium (Debian's 156) opens, for every browser context, a window whose two omnibox popups are
 * WebUI pages in a renderer of their own: half of Chromium's CPU for a context that loads one app page (8 such
 * contexts: 23 s → 12 s, scripts measured with /proc), and the suite opens hundreds. Chromium reads only the last
 * --disable-features, so this one repeats Playwright's (e2e/browser-launch.test.ts fails if they drift apart).
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/** playwright-core's --enable-features, kept when the packaged shell brings its own list. */
export const PLAYWRIGHT_ENABLED_FEATURES = ['CDPScreenshotNewSurface', 'SkipListAccountsWithoutGaiaCookies'];

const featuresIn = (args: string[], flag: string) =>
  args.filter((arg) => arg.startsWith(`${flag}=`)).flatMap((arg) => arg.slice(flag.length + 1).split(',').filter(Boolean));

/** The binary's flags with ours, one --disable-features and one --enable-features holding every list. */
export const launchArgs = (binaryArgs: string[]): string[] => {
  const disabled = [...new Set([...DISABLED_FEATURES, ...featuresIn(binaryArgs, '--disable-features')])];
  const enabled = [...new Set([...PLAYWRIGHT_ENABLED_FEATURES, ...featuresIn(binaryArgs, '--enable-features')])];
  const rest = binaryArgs.filter((arg) => !/^--(disable|enable)-features=/.test(arg));
  return [...new Set([...rest, ...LAUNCH_FLAGS, `--disable-features=${disabled.join(',')}`, `--enable-features=${enabled.join(',')}`])];
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
    args: launchArgs(binary.args),
  });
};
