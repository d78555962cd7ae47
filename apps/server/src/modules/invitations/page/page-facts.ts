import { createHash } from 'node:crypto';
import type { InvitePageDto, Lang } from '@magiim/shared';
import { calendarLinks, type CalendarEventInput } from './calendar-links.js';
import { formatEventWhen } from './event-when.js';
import { openGraphTags, type MetaTag } from './link-preview.js';
import { navigationLinks } from './navigation-links.js';
import { fillTemplate, PAGE_TEXTS } from './page-texts.js';

/** Where a page's sibling pages live: `/invite/<t>` + `/navigate/<t>`, the public pair, or the preview pair. */
export interface PagePaths {
  invite: string;
  navigate: string;
}

export const withLang = (path: string, lang: Lang): string => `${path}?lang=${lang}`;

export const SITE_NAMES: Record<Lang, string> = { he: 'מגיעים', en: 'Magiim', ru: 'Magiim', ar: 'Magiim' };

/** The venue, then the city, then its address or region: "אולמי הגן הקסום, ראשון לציון, השפלה, ישראל". */
export const locationLine = ({ event: { location } }: InvitePageDto): string =>
  [location.venue, location.place, location.placeAddress].filter(Boolean).join(', ');

export const calendarInputOf = (page: InvitePageDto, paths: PagePaths, appUrl: string): CalendarEventInput => {
  const { event } = page;
  const url = `${appUrl}${paths.invite}`;
  return {
    // Stable per link, so adding the event twice updates one calendar entry.
    uid: `${createHash('sha256').update(paths.invite).digest('hex').slice(0, 32)}@magiim`,
    title: event.name,
    date: event.date,
    time: event.time,
    locationText: locationLine(page),
    description: `${PAGE_TEXTS[page.lang].toInvitation}: ${url}`,
    url,
    lat: event.location.lat,
    lng: event.location.lng,
  };
};

/** What every guest page derives from the page data: texts, the date, the map and calendar links, link-preview tags. */
export const pageFactsOf = (page: InvitePageDto, paths: PagePaths, appUrl: string, selfPath: string) => {
  const texts = PAGE_TEXTS[page.lang];
  const when = formatEventWhen(page.lang, page.event.date, page.event.time);
  const calendar = calendarLinks(calendarInputOf(page, paths, appUrl));
  const venue = locationLine(page);
  const description = `${when.dateText}, ${fillTemplate(texts.atTime, { time: when.timeText })} · ${venue}`;
  const meta: MetaTag[] = [
    { name: 'description', content: description },
    ...openGraphTags({
      title: page.event.name,
      description,
      url: `${appUrl}${withLang(selfPath, page.lang)}`,
      imageUrl: page.event.ogImageUrl,
      lang: page.lang,
      siteName: SITE_NAMES[page.lang],
      alternateLangs: page.langs,
    }),
  ];
  return {
    texts,
    when,
    navigation: navigationLinks(page.event.location),
    calendar: { ...calendar, ics: withLang(`${paths.invite}/calendar.ics`, page.lang) },
    meta,
  };
};
export type PageFacts = ReturnType<typeof pageFactsOf>;
