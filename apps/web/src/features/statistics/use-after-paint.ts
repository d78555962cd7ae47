import { startTransition, useEffect, useState } from 'react';

/** Without a page to paint (rendering to a string: the unit tests) there is nothing to wait for. */
const paints = (): boolean => typeof window !== 'undefined' && typeof window.requestAnimationFrame === 'function';

/**
 * False until the browser has painted a render in which `ready` was true, then true for good. The dashboard
 * renders what lies below its figures only then, so on a slow phone the figures show without waiting for it.
 */
export const useAfterPaintOf = (ready: boolean): boolean => {
  const [painted, setPainted] = useState(() => !paints());
  useEffect(() => {
    if (!ready || painted) return;
    let timer: number | undefined;
    // A frame callback runs just before the paint; a task it queues runs after it.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
};
