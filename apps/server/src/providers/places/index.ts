import type { Lang, PlaceSuggestion } from '@magiim/shared';

/** A place resolved by its id: what the event stores as its location. */
export interface PlaceDetails {
  placeId: string;
  /** The city (or the picked address): what the event's place is called. */
  name: string;
  address: string;
  /** When the place is a venue itself (a hall, a garden): its name, which the event takes as its venue. */
  venue?: string;
  lat: number;
  lng: number;
}

/** Geocoding for the event location field: suggestions while typing, then the chosen place by its id. */
export interface PlacesProvider {
  readonly name: string;
  suggest(query: string, lang: Lang): Promise<PlaceSuggestion[]>;
  /** Null when the id is unknown (a location that did not come from the suggestions). */
  details(placeId: string, lang: Lang): Promise<PlaceDetails | null>;
}
