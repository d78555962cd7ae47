import { useEffect } from 'react';
import { useAfterPaintOf } from '../../features/statistics/use-after-paint';
import { ensureFeatureTexts } from '../i18n';

/**
 * The event list and the dashboard wait only for the texts they show (app/i18n.ts ensureFirstScreenTexts); once
 * their content (`ready`) has painted, the other screens' texts load, so they do not share the phone's link with
 * the first screen's code and data.
 */
export const useRemainingTextsAfterPaint = (ready: boolean): void => {
  const painted = useAfterPaintOf(ready);
  useEffect(() => {
    if (painted) void ensureFeatureTexts().catch(() => undefined);
  }, [painted]);
};
