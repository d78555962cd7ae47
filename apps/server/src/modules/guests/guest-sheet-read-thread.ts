import { answerParent } from '../../platform/thread-port.js';
import { readGuestSheetRows } from './guest-sheet-stream-read.js';
import type { SheetTask } from './guest-sheet-thread-port.js';

// A thread's entry (see guest-sheet-thread.ts): reads one uploaded sheet.
answerParent<Extract<SheetTask, { kind: 'read' }>>(({ file, mapping }) =>
  readGuestSheetRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), mapping),
);
