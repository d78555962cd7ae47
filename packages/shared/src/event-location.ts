import { LANGUAGES, type Lang } from './enums.js';

/** A text the host or the places provider gives per language; any language may be missing. */
export type LocalizedText = Partial<Record<Lang, string>>;

/**
 * Where the event is, as stored (jsonb) and as the API answers it: the venue (the hall, typed by the host per
 * event language, may be empty) and the place picked from the suggestions (city or address, its name and
 * address per language from the places provider, and the map point). `name` and `address` repeat the
 * default language's venue and city + address for readers of the first shape (the mobile app).
 */
export interface EventLocation {
  placeId: string;
  lat: number;
  lng: number;
  venue: LocalizedText;
  place: { name: LocalizedText; address: LocalizedText };
  name: string;
  address: string;
  /**
   * Where the hall itself is (issue 27 §6): the pin the host confirmed or moved on the wizard's map, or the
   * coordinates of a hall picked from Google Places; null when only the place (a city's centre) is known.
   */
  venuePoint: VenuePoint | null;
  /** The hall's street address as the host typed it ('' when none): what navigation searches without a pin. */
  venueAddress: string;
}

export interface VenuePoint {
  lat: number;
  lng: number;
}

/** A usable map point: finite, on the globe, not the null island a missing value reads as. */
export const isVenuePoint = (value: unknown): value is VenuePoint => {
  if (typeof value !== 'object' || value === null) return false;
  const { lat, lng } = value as Record<string, unknown>;
  return (
    typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0)
  );
};

/** The location's texts in one language: each falls back to the default language, then to any language. */
export interface LocationTexts {
  /** The hall ("אולמי הגן הקסום"), or '' when the host gave none. */
  venue: string;
  /** The picked place's name: the city ("ראשון לציון") or the address the host picked. */
  place: string;
  /** The place's address or region ("השפלה, ישראל"), '' when it only repeats the place. */
  address: string;
}

const textIn = (text: LocalizedText, lang: Lang, defaultLang: Lang): string =>
  text[lang]?.trim() || text[defaultLang]?.trim() || LANGUAGES.map((other) => text[other]?.trim()).find(Boolean) || '';

export const locationTextsIn = (location: EventLocation, lang: Lang, defaultLang: Lang): LocationTexts => {
  const venue = textIn(location.venue, lang, defaultLang);
  const place = textIn(location.place.name, lang, defaultLang);
  const address = textIn(location.place.address, lang, defaultLang);
  return { venue: venue === place ? '' : venue, place, address: address === place ? '' : address };
};

/** One line for a calendar's LOCATION, a map search or a message: "venue, city, region". */
export const locationLineIn = (location: EventLocation, lang: Lang, defaultLang: Lang): string => {
  const { venue, place, address } = locationTextsIn(location, lang, defaultLang);
  return [venue, place, address].filter(Boolean).join(', ');
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const localizedTextOf = (value: unknown): LocalizedText => {
  if (!isRecord(value)) return {};
  const text: LocalizedText = {};
  for (const lang of LANGUAGES) {
    const entry = value[lang];
    if (typeof entry === 'string' && entry.trim()) text[lang] = entry.trim();
  }
  return text;
};

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The compatibility fields: the default language's venue (or place) and the place + address after it. */
const withCompatibleFields = (location: Omit<EventLocation, 'name' | 'address' | 'venuePoint' | 'venueAddress'> & Partial<Pick<EventLocation, 'venuePoint' | 'venueAddress'>>, defaultLang: Lang): EventLocation => {
  const full = { ...location, name: '', address: '', venuePoint: isVenuePoint(location.venuePoint) ? { lat: location.venuePoint.lat, lng: location.venuePoint.lng } : null, venueAddress: location.venueAddress?.trim() ?? '' };
  const { venue, place, address } = locationTextsIn(full, defaultLang, defaultLang);
  return { ...full, name: venue || place, address: (venue ? [place, address] : [address]).filter(Boolean).join(', ') };
};

/**
 * Any stored location to the current shape. Rows of the first shape (`{placeId, name, address, lat, lng}`)
 * held one name, either the typed venue or the place, and the region as address: both are kept in the
 * default language as the place, so they read as before.
 */
export const normalizeEventLocation = (stored: unknown, defaultLang: Lang): EventLocation => {
  const raw = isRecord(stored) ? stored : {};
  const base = {
    placeId: stringOf(raw.placeId),
    lat: numberOf(raw.lat),
    lng: numberOf(raw.lng),
    venuePoint: isVenuePoint(raw.venuePoint) ? raw.venuePoint : null,
    venueAddress: stringOf(raw.venueAddress),
  };
  if (isRecord(raw.place)) {
    return withCompatibleFields(
      { ...base, venue: localizedTextOf(raw.venue), place: { name: localizedTextOf(raw.place.name), address: localizedTextOf(raw.place.address) } },
      defaultLang,
    );
  }
  const name = stringOf(raw.name).trim();
  const address = stringOf(raw.address).trim();
  return withCompatibleFields(
    { ...base, venue: {}, place: { name: name ? { [defaultLang]: name } : {}, address: address ? { [defaultLang]: address } : {} } },
    defaultLang,
  );
};

/** A new location from the venue the host typed and the place the provider resolved. */
export const buildEventLocation = (
  parts: {
    placeId: string;
    lat: number;
    lng: number;
    venue: LocalizedText;
    place: { name: LocalizedText; address: LocalizedText };
    venuePoint?: VenuePoint | null;
    venueAddress?: string;
  },
  defaultLang: Lang,
): EventLocation =>
  withCompatibleFields(
    { ...parts, venue: localizedTextOf(parts.venue), place: { name: localizedTextOf(parts.place.name), address: localizedTextOf(parts.place.address) } },
    defaultLang,
  );
