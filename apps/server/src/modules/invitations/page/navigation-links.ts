export interface NavigationLocation {
  name: string;
  address: string;
  lat: number;
  lng: number;
}

const isCoordinate = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);

/** Six decimals are about 10 cm: precise enough, and no float noise or exponent in the link. */
const coordinatesOf = ({ lat, lng }: NavigationLocation): string => `${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * Waze and Google Maps links that start navigation to the venue. The destination is the host's pinned
 * coordinates, not the name or address: a name is geocoded by each app and a hall's name often matches
 * another place (or another city's street), while the pin is exactly where guests must arrive. The name and
 * address are used only when there is no usable pin.
 */
export const navigationLinks = (location: NavigationLocation): { waze: string; googleMaps: string } => {
  if (isCoordinate(location.lat, location.lng)) {
    const ll = coordinatesOf(location);
    return {
      waze: `https://waze.com/ul?ll=${ll}&navigate=yes`,
      googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${ll}`,
    };
  }
  const place = encodeURIComponent([location.name, location.address].filter(Boolean).join(', '));
  return {
    waze: `https://waze.com/ul?q=${place}&navigate=yes`,
    googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${place}`,
  };
};
