import type { Lang } from '@magiim/shared';
import alertAreas from './alert-areas/alert-areas.json' with { type: 'json' };

/** One Israeli locality (or a district of a city) with its names in the four languages. */
export interface Locality {
  placeId: string;
  names: Record<Lang, string>;
  zones: Record<Lang, string>;
  lat: number;
  lng: number;
  /** A whole locality (not a district); cities made from their districts are the big ones. */
  isCity: boolean;
  isBigCity: boolean;
  /** Every name and zone, folded for search. */
  keys: string[];
}

interface AlertArea {
  id: number;
  name: string;
  name_en: string;
  name_ru: string;
  name_ar: string;
  zone: string;
  zone_en: string;
  zone_ru: string;
  zone_ar: string;
  lat: number;
  lng: number;
}

/**
 * Folds text for matching: lower case, no Hebrew points or Arabic marks, no quotes, geresh or hyphens, one
 * space between words, Hebrew final letters as their plain forms ("ך" ~ "כ") so a half-typed word matches,
 * and doubled yod and vav as single ones.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0591-\u05C7\u064B-\u065F\u0300-\u036F]/g, '')
    .replace(/[ךםןףץ]/g, (letter) => ({ ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' })[letter] ?? letter)
    // full and defective Hebrew spelling meet: קריית ~ קרית
    .replace(/יי/g, 'י')
    .replace(/וו/g, 'ו')
    .replace(/['"`׳״’]/g, '')
    .replace(/[-–—.,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const names = (area: AlertArea): Record<Lang, string> => ({ he: area.name, en: area.name_en, ru: area.name_ru, ar: area.name_ar });
const zones = (area: AlertArea): Record<Lang, string> => ({ he: area.zone, en: area.zone_en, ru: area.zone_ru, ar: area.zone_ar });
const keysOf = (n: Record<Lang, string>, z: Record<Lang, string>) => [...Object.values(n), ...Object.values(z)].map(foldForSearch);
const cityPart = (name: string) => name.split(' - ')[0]!.trim();

/** The city's name in a language whose district names may lack the " - " separator: the words all share. */
const commonCityName = (districtNames: string[]): string => {
  if (districtNames.every((name) => name.includes(' - '))) return cityPart(districtNames[0]!);
  const words = districtNames.map((name) => name.replace(/ - /g, ' ').split(/\s+/));
  const shared: string[] = [];
  for (let i = 0; words.every((w) => w[i] !== undefined && w[i] === words[0]![i]); i++) shared.push(words[0]![i]!);
  return shared.join(' ') || cityPart(districtNames[0]!);
};

let cache: Locality[] | undefined;

/**
 * Israeli localities from the Home Front Command's public list of alert areas (`alert-areas/alert-areas.json`, from
 * the `pikud-haoref-api` project: about 1,400 places with Hebrew, English, Russian and Arabic names and coordinates).
 * Big cities appear there only as districts ("ירושלים - דרום"), so each city is added whole, at the
 * centre of its districts.
 */
export const israeliLocalities = (): Locality[] => {
  if (cache) return cache;
  const areas = (alertAreas as AlertArea[]).filter((area) => area.id > 0 && area.lat && area.lng && area.name);
  const localities: Locality[] = areas.map((area) => ({
    placeId: `il-${area.id}`,
    names: names(area),
    zones: zones(area),
    lat: area.lat,
    lng: area.lng,
    isCity: !area.name.includes(' - '),
    isBigCity: false,
    keys: keysOf(names(area), zones(area)),
  }));
  const districts = new Map<string, AlertArea[]>();
  for (const area of areas.filter((a) => a.name.includes(' - '))) {
    const city = cityPart(area.name);
    districts.set(city, [...(districts.get(city) ?? []), area]);
  }
  const wholeNames = new Set(localities.filter((l) => l.isCity).map((l) => l.names.he));
  for (const [city, parts] of districts) {
    if (parts.length < 2 || wholeNames.has(city)) continue;
    const first = parts.reduce((a, b) => (a.id < b.id ? a : b));
    const cityNames: Record<Lang, string> = {
      he: city,
      en: commonCityName(parts.map((p) => p.name_en)),
      ru: commonCityName(parts.map((p) => p.name_ru)),
      ar: commonCityName(parts.map((p) => p.name_ar)),
    };
    localities.push({
      placeId: `il-city-${first.id}`,
      names: cityNames,
      zones: zones(first),
      lat: Number((parts.reduce((sum, p) => sum + p.lat, 0) / parts.length).toFixed(5)),
      lng: Number((parts.reduce((sum, p) => sum + p.lng, 0) / parts.length).toFixed(5)),
      isCity: true,
      isBigCity: true,
      keys: keysOf(cityNames, zones(first)),
    });
  }
  cache = localities;
  return localities;
};
