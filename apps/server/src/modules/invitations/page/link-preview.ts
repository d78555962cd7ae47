import type { Lang } from '@magiim/shared';

/** Named link-preview fetchers and search crawlers. iMessage's fetcher says "facebookexternalhit … Twitterbot". */
const NAMED_PREVIEW_BOTS =
  /WhatsApp\/|facebookexternalhit|Facebot|TelegramBot|Twitterbot|Slackbot|Slack-ImgProxy|LinkedInBot|Discordbot|SkypeUriPreview|Googlebot|bingbot|Applebot|vkShare|^Viber(\/|$)/i;
/** Anything else that calls itself a bot. Cubot is a phone brand, not a bot. */
const GENERIC_BOT = /bot|crawler|spider|preview/i;
const NOT_BOTS = /cubot/gi;

/**
 * True when the request comes from a link-preview fetcher or a crawler: the page is served with its Open Graph
 * tags but no view is counted. In-app browsers (Telegram's, Facebook's FBAN/FB_IAB, Viber's) are people: their agents name
 * the app differently from its fetcher, so only the fetchers' names are matched.
 */
export const isLinkPreviewBot = (userAgent: string | undefined): boolean => {
  if (!userAgent) return false;
  if (NAMED_PREVIEW_BOTS.test(userAgent)) return true;
  return GENERIC_BOT.test(userAgent.replace(NOT_BOTS, ''));
};

export type MetaTag = { property?: string; name?: string; content: string };

export interface OpenGraphInput {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  imageWidth?: number;
  imageHeight?: number;
  lang: Lang;
  siteName: string;
  /** The event's other languages, as og:locale:alternate. */
  alternateLangs?: Lang[];
}

/** Facebook's locale codes (Arabic is ar_AR there); WhatsApp and Telegram read the same tags. */
const OG_LOCALES: Record<Lang, string> = { he: 'he_IL', en: 'en_US', ru: 'ru_RU', ar: 'ar_AR' };

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/**
 * The Open Graph and Twitter tags of a guest page. The image is our 1200×630 JPEG: WhatsApp shows a large
 * preview only for images at least 300 px wide and under about 600 KB, and 1.91:1 is what Facebook, Telegram
 * and X crop to.
 */
export const openGraphTags = (input: OpenGraphInput): MetaTag[] => {
  const tags: MetaTag[] = [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: input.siteName },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: input.url },
    { property: 'og:locale', content: OG_LOCALES[input.lang] },
    ...(input.alternateLangs ?? [])
      .filter((lang) => lang !== input.lang)
      .map((lang) => ({ property: 'og:locale:alternate', content: OG_LOCALES[lang] })),
  ];
  if (input.imageUrl) {
    tags.push(
      { property: 'og:image', content: input.imageUrl },
      ...(input.imageUrl.startsWith('https:') ? [{ property: 'og:image:secure_url', content: input.imageUrl }] : []),
      { property: 'og:image:type', content: 'image/jpeg' },
      { property: 'og:image:width', content: String(input.imageWidth ?? OG_IMAGE_WIDTH) },
      { property: 'og:image:height', content: String(input.imageHeight ?? OG_IMAGE_HEIGHT) },
      { property: 'og:image:alt', content: input.title },
    );
  }
  tags.push(
    { name: 'twitter:card', content: input.imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    ...(input.imageUrl ? [{ name: 'twitter:image', content: input.imageUrl }, { name: 'twitter:image:alt', content: input.title }] : []),
  );
  return tags;
};
