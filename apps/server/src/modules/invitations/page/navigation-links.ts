export interface NavigationLocation {
  name: string;
  address: string;
  /** The picked place's point (without a Google key, the centre of the chosen locality). */
  lat: number;
  lng: number;
  /** The hall's own point, the host's pin (issue 27 §6): when set, guests are sent there. */
  venuePoint?: { lat: number; lng: number } | null;
  /** The hall's street address the host typed: without a pin, guests are sent to the hall by name and address. */
  venueAddress?: string;
  /** The hall's name and the place's, in the guest's language. */
  venue?: string;
  place?: string;
}

const isCoordinate = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);

/** Six decimals are about 10 cm: precise enough, and no float noise or exponent in the link. */
const coordinatesOf = ({ lat, lng }: { lat: number; lng: number }): string => `${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * Waze and Google Maps links that start navigation to the venue. The destination is the host's pin on the hall,
 * not the name or address: a name is geocoded by each app and a hall's name often matches another place (or
 * another city's street), while the pin is exactly where guests must arrive. Without a pin, the hall's name and
 * the street address the host typed; without either, as before: the picked place's point (a city's centre when
 * there is no Google key), else its name and address.
 */
export const navigationLinks = (location: NavigationLocation): { waze: string; googleMaps: string } => {
  const pin = location.venuePoint;
  if (pin && isCoordinate(pin.lat, pin.lng)) return linksTo(coordinatesOf(pin));
  // No pin but the hall's street address: the apps search the hall, not the locality's centre.
  const street = location.venueAddress?.trim();
  if (street) return linksToPlace([location.venue, street, location.place].filter(Boolean).join(', '));
  if (isCoordinate(location.lat, location.lng)) return linksTo(coordinatesOf(location));
  return linksToPlace([location.name, location.address].filter(Boolean).join(', '));
};

const linksTo = (ll: string) => ({
  waze: `https://waze.com/ul?ll=${ll}&navigate=yes`,
  googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${ll}`,
});

const linksToPlace = (text: string) => {
  const place = encodeURIComponent(text);
  return {
    waze: `https://waze.com/ul?q=${place}&navigate=yes`,
    googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${place}`,
  };
};
