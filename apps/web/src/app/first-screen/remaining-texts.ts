import { useEffect } from 'react';
import { useAfterPaintOf } from '../../features/statistics/use-after-paint';
import { loadResponseSchemas } from '../api-client';
import { ensureFeatureTexts } from '../i18n';

/**
 * The event list and the dashboard wait only for the texts they show (app/i18n.ts ensureFirstScreenTexts); once
 * their content (`ready`) has painted, the other screens' texts and the answer checks (app/response-schemas.ts:
 * zod and the shared schemas, which check the early answers and every later one) load, so they do not share the
 * phone's link and CPU with the first screen's code and data.
 */
export const useRemainingTextsAfterPaint = (ready: boolean): void => {
  const painted = useAfterPaintOf(ready);
  useEffect(() => {
    if (!painted) return;
    void ensureFeatureTexts().catch(() => undefined);
    void loadResponseSchemas().catch(() => undefined);
  }, [painted]);
};
