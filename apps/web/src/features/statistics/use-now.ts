import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "5 minutes ago" does not go stale between answers. */
export const useNow = (everyMs = 60_000): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
};
