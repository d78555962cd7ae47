import type { EventDto, Lang } from '@magiim/shared';

/**
 * The language a preview opens in: the one in the address if the event has it, else the host's own if the
 * event has it, else the event's default.
 */
export const pickPreviewLang = (requested: string | null, hostLang: string, event: Pick<EventDto, 'langs' | 'defaultLang'>): Lang => {
  const has = (lang: string | null): lang is Lang => lang !== null && (event.langs as string[]).includes(lang);
  if (has(requested)) return requested;
  if (has(hostLang)) return hostLang;
  return event.defaultLang;
};
