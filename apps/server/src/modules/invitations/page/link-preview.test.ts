import { describe, expect, it } from 'vitest';
import { isLinkPreviewBot, openGraphTags, type OpenGraphInput } from './link-preview.js';

const PREVIEW_BOTS = [
  'WhatsApp/2.23.20.0 A',
  'WhatsApp/2.2413.51 i',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; Facebot/1.0)',
  'TelegramBot (like TwitterBot)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  'Viber/21.5.0',
  'Viber',
  // iMessage's link preview.
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Some-Crawler/1.0',
  'spider-x',
  'Mozilla/5.0 (compatible; Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/); link preview)',
];

const PEOPLE = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  // Facebook's and Instagram's in-app browsers.
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.36.108;FBBV/585627466]',
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 328.0.0.42.90 Android',
  // Telegram's in-app browser.
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 Telegram-Android/10.11.1 (Google Pixel 8; Android 14; SDK 34; AVERAGE)',
  // Cubot is a phone maker.
  'Mozilla/5.0 (Linux; Android 11; CUBOT KINGKONG 5 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];

describe('link-preview bots', () => {
  it.each(PREVIEW_BOTS)('knows %s', (userAgent) => expect(isLinkPreviewBot(userAgent)).toBe(true));
  it.each(PEOPLE)('lets a person through: %s', (userAgent) => expect(isLinkPreviewBot(userAgent)).toBe(false));
  it('treats a missing agent as no bot', () => {
    expect(isLinkPreviewBot(undefined)).toBe(false);
    expect(isLinkPreviewBot('')).toBe(false);
  });
});

const input: OpenGraphInput = {
  title: 'החתונה של נועה ויואב',
  description: 'יום חמישי, 11 במרץ 2027 · 19:30 · אולמי הגן',
  url: 'https://magiim.test/invite/AbC_123',
  imageUrl: 'https://magiim.test/media/og/abc.jpg',
  lang: 'he',
  siteName: 'Magiim',
};

const contentOf = (tags: ReturnType<typeof openGraphTags>, key: string) =>
  tags.filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content);

describe('Open Graph tags', () => {
  it('describe the page, with the 1200×630 JPEG and a large Twitter card', () => {
    const tags = openGraphTags(input);
    expect(contentOf(tags, 'og:title')).toEqual([input.title]);
    expect(contentOf(tags, 'og:description')).toEqual([input.description]);
    expect(contentOf(tags, 'og:url')).toEqual([input.url]);
    expect(contentOf(tags, 'og:type')).toEqual(['website']);
    expect(contentOf(tags, 'og:site_name')).toEqual(['Magiim']);
    expect(contentOf(tags, 'og:locale')).toEqual(['he_IL']);
    expect(contentOf(tags, 'og:image')).toEqual([input.imageUrl]);
    expect(contentOf(tags, 'og:image:secure_url')).toEqual([input.imageUrl]);
    expect(contentOf(tags, 'og:image:width')).toEqual(['1200']);
    expect(contentOf(tags, 'og:image:height')).toEqual(['630']);
    expect(contentOf(tags, 'og:image:type')).toEqual(['image/jpeg']);
    expect(contentOf(tags, 'og:image:alt')).toEqual([input.title]);
    expect(contentOf(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(contentOf(tags, 'twitter:title')).toEqual([input.title]);
    expect(contentOf(tags, 'twitter:description')).toEqual([input.description]);
    expect(contentOf(tags, 'twitter:image')).toEqual([input.imageUrl]);
    // og: tags are properties, twitter: tags are names.
    expect(tags.every((tag) => (tag.property?.startsWith('og:') && !tag.name) || (tag.name?.startsWith('twitter:') && !tag.property))).toBe(true);
  });

  it('use each language locale and list the others as alternates', () => {
    const locales = (lang: OpenGraphInput['lang']) => contentOf(openGraphTags({ ...input, lang, alternateLangs: ['he', 'en', 'ru', 'ar'] }), 'og:locale');
    expect(['he', 'en', 'ru', 'ar'].map((lang) => locales(lang as OpenGraphInput['lang'])[0])).toEqual(['he_IL', 'en_US', 'ru_RU', 'ar_AR']);
    expect(contentOf(openGraphTags({ ...input, lang: 'ar', alternateLangs: ['he', 'ar'] }), 'og:locale:alternate')).toEqual(['he_IL']);
  });

  it('fall back to a summary card without an image, and take the given image size', () => {
    const withoutImage = openGraphTags({ ...input, imageUrl: null });
    expect(contentOf(withoutImage, 'twitter:card')).toEqual(['summary']);
    expect(withoutImage.some((tag) => tag.property?.startsWith('og:image') || tag.name === 'twitter:image')).toBe(false);
    const sized = openGraphTags({ ...input, imageUrl: 'http://localhost:3000/og.jpg', imageWidth: 600, imageHeight: 315 });
    expect(contentOf(sized, 'og:image:width')).toEqual(['600']);
    expect(contentOf(sized, 'og:image:secure_url')).toEqual([]);
  });
});
