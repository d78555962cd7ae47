import type { Lang, PlaceSuggestion } from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import type { PlaceDetails, PlacesProvider } from './index.js';

const TIMEOUT_MS = 5_000;

interface AutocompleteResponse {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
      text?: { text?: string };
    };
  }[];
}

interface PlaceResponse {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
  types?: string[];
  addressComponents?: { longText?: string; types?: string[] }[];
}

/** Types of a place that is a city, a district or a street address rather than a venue. */
const AREA_TYPES = new Set(['locality', 'sublocality', 'political', 'neighborhood', 'route', 'street_address', 'premise', 'postal_code']);

/**
 * A hall or a garden comes back as the venue with its city as the place's name; a city or an address is the
 * place itself.
 */
const splitVenue = (place: PlaceResponse): { name: string; venue?: string } => {
  const name = place.displayName?.text ?? '';
  const types = place.types ?? [];
  const isVenue = types.includes('establishment') || types.includes('point_of_interest');
  if (!isVenue || types.some((type) => AREA_TYPES.has(type))) return { name };
  const city = place.addressComponents?.find((component) => component.types?.includes('locality'))?.longText;
  return city ? { name: city, venue: name } : { name };
};

/**
 * Google Places API (New): Autocomplete while the host types, then Place Details by the chosen id. Results
 * lean to Israel; the key travels in a header, never in a URL that a log could keep.
 */
export const createGooglePlaces = (options: { apiKey: string; baseUrl: string }): PlacesProvider => {
  const call = async (path: string, init: RequestInit & { fieldMask: string }): Promise<Response> => {
    try {
      return await fetch(new URL(path, options.baseUrl), {
        ...init,
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.apiKey,
          'x-goog-fieldmask': init.fieldMask,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError('PLACES_UNAVAILABLE', 'Google Places could not be reached');
    }
  };

  return {
    name: 'google-places',
    async suggest(query: string, lang: Lang): Promise<PlaceSuggestion[]> {
      const response = await call('/v1/places:autocomplete', {
        method: 'POST',
        fieldMask: 'suggestions.placePrediction.placeId,suggestions.placePrediction.structuredFormat,suggestions.placePrediction.text',
        body: JSON.stringify({ input: query, languageCode: lang, includedRegionCodes: ['il'], regionCode: 'il' }),
      });
      if (!response.ok) throw new AppError('PLACES_UNAVAILABLE', `Google Places answered ${response.status}`);
      const body = (await response.json()) as AutocompleteResponse;
      return (body.suggestions ?? []).flatMap(({ placePrediction: p }) =>
        p?.placeId
          ? [
              {
                placeId: p.placeId,
                name: p.structuredFormat?.mainText?.text ?? p.text?.text ?? '',
                address: p.structuredFormat?.secondaryText?.text ?? '',
              },
            ]
          : [],
      );
    },
    async details(placeId: string, lang: Lang): Promise<PlaceDetails | null> {
      // Place ids are opaque text from Google; only their own alphabet may go into the path.
      if (!/^[\w-]{1,300}$/.test(placeId)) return null;
      const response = await call(`/v1/places/${placeId}?languageCode=${lang}`, {
        method: 'GET',
        fieldMask: 'id,displayName,formattedAddress,location,types,addressComponents',
      });
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new AppError('PLACES_UNAVAILABLE', `Google Places answered ${response.status}`);
      const place = (await response.json()) as PlaceResponse;
      const lat = place.location?.latitude;
      const lng = place.location?.longitude;
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      return { placeId, ...splitVenue(place), address: place.formattedAddress ?? '', lat, lng };
    },
  };
};
