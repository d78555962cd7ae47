import { AppError } from '../../platform/errors.js';

/**
 * Image decodes in this process run one at a time: a decode may hold a few hundred MB (a 50 MP AVIF is
 * 150 MB of pixels before libheif's own buffers), so two at once could double that, and five could end a
 * 1 GB container. Others wait their turn; past MAX_WAITING the upload answers 503 UNAVAILABLE at once
 * rather than wait minutes.
 */
const MAX_WAITING = 20;

let tail: Promise<unknown> = Promise.resolve();
let waiting = 0;

export const oneDecodeAtATime = async <T>(work: () => Promise<T>): Promise<T> => {
  if (waiting >= MAX_WAITING) throw new AppError('UNAVAILABLE', 'too many images are being processed');
  waiting += 1;
  const turn = tail.then(() => {
    waiting -= 1;
    return work();
  });
  tail = turn.catch(() => undefined);
  return turn;
};
