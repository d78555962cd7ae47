import { answerParent } from '../../platform/thread-port.js';
import type { SheetTask } from './guest-sheet-thread-port.js';
import { writeGuestSheetFile } from './guest-sheet-write.js';

// A thread's entry (see guest-sheet-thread.ts): writes one guest-list export.
answerParent<Extract<SheetTask, { kind: 'write' }>>(
  // A fresh buffer of its own, so it moves to the main thread without a copy.
  async ({ lang, guests, groups, sideLabels }) => new Uint8Array(await writeGuestSheetFile(lang, guests, groups, sideLabels)),
);
