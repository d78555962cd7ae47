import { AppError } from '../../src/platform/errors.js';
import { answerParent } from '../../src/platform/thread-port.js';

// Echoes its input: doubled bytes back (moved, not copied), or the AppError it is asked for.
answerParent<{ bytes?: Uint8Array; fail?: 'FILE_EMPTY' }>(async ({ bytes, fail }) => {
  if (fail) throw new AppError(fail, 'asked to fail');
  return bytes!.map((byte) => byte * 2);
});
