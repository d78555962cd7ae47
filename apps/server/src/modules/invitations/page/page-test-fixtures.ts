import type { InvitePageDto, Lang } from '@magiim/shared';
import { directionOf } from '@magiim/shared';
import type { PagePaths } from './page-facts.js';

/** Test support for the page suites (imported by *.test.ts only): a realistic page in any language. */

export const TEST_APP_URL = 'https://magiim.example';
export const TEST_PATHS: PagePaths = { invite: '/invite/AbCdEfGhIjKlMnOpQrStUv', navigate: '/navigate/AbCdEfGhIjKlMnOpQrStUv' };

const NAMES = {
  he: 'החתונה של נועה ודני',
  en: "Noa and Dani's wedding",
  ru: 'Свадьба Ноа и Дани',
  ar: 'حفل زفاف نوعا وداني',
} as const;

export const samplePage = (lang: Lang, overrides: Partial<InvitePageDto> = {}): InvitePageDto => ({
  lang,
  dir: directionOf(lang),
  langs: ['he', 'en', 'ru', 'ar'],
  kind: 'personal',
  event: {
    name: NAMES[lang],
    names: NAMES,
    defaultLang: 'he',
    date: '2027-03-11',
    time: '19:30',
    location: { name: 'Gan Oranim', address: 'Haifa, HaOranim 1', lat: 32.794, lng: 34.989, venue: 'Gan Oranim', place: 'Haifa', placeAddress: 'HaOranim 1' },
    imageUrl: '/media/events/0f6d3c1e-8c1a-4f57-9d3e-5a7b7b0e2c11/3f9a8b7c6d5e4f30/1280.webp',
    imageSizes: Object.fromEntries(
      [320, 480, 640, 960, 1280].map((w) => [String(w), `/media/events/0f6d3c1e-8c1a-4f57-9d3e-5a7b7b0e2c11/3f9a8b7c6d5e4f30/${w}.webp`]),
    ),
    imageWidth: 1280,
    imageHeight: 1810,
    ogImageUrl: `${TEST_APP_URL}/media/events/0f6d3c1e-8c1a-4f57-9d3e-5a7b7b0e2c11/3f9a8b7c6d5e4f30/og.jpg`,
  },
  guest: { fullName: 'Dana Levi', countOfInvites: 4 },
  questions: {
    meals: ['glatt', 'vegetarian', 'gluten_free', 'vegan', 'no_special_dish'],
    transport: ['Tel Aviv, Arlozorov terminal', 'Jerusalem, Binyanei HaUma', 'Haifa, Merkazit HaMifratz'],
    transportLabels: ['Tel Aviv, Arlozorov terminal', 'Jerusalem, Binyanei HaUma', 'Haifa, Merkazit HaMifratz'],
    maxAttending: 4,
  },
  answer: {
    status: 'approved',
    attending: 3,
    meals: { vegetarian: 1, gluten_free: 1 },
    transport: { option: 'Jerusalem, Binyanei HaUma' },
    comments: 'We are so happy for you!',
    answeredAt: '2027-02-01T10:00:00.000Z',
  },
  closed: false,
  ...overrides,
});
