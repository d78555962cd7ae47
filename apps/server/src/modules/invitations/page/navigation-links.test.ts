import { describe, expect, it } from 'vitest';
import { navigationLinks } from './navigation-links.js';

const venue = { name: 'אולמי הגן', address: 'רחוב הרצל 12, ראשון לציון', lat: 31.97302, lng: 34.7925 };

describe('navigation links', () => {
  it('navigate to the pinned coordinates in Waze and Google Maps', () => {
    expect(navigationLinks(venue)).toEqual({
      waze: 'https://waze.com/ul?ll=31.973020,34.792500&navigate=yes',
      googleMaps: 'https://www.google.com/maps/dir/?api=1&destination=31.973020,34.792500',
    });
  });

  it('write plain decimals for any float, south and west too', () => {
    const { waze, googleMaps } = navigationLinks({ ...venue, lat: -33.8688197, lng: -0.1 + 0.2 - 0.1 });
    expect(waze).toContain('ll=-33.868820,0.000000&');
    expect(googleMaps).toContain('destination=-33.868820,0.000000');
  });

  it('fall back to the name and address, encoded, when there is no usable pin', () => {
    const { waze, googleMaps } = navigationLinks({ ...venue, lat: 0, lng: 0 });
    const place = 'אולמי הגן, רחוב הרצל 12, ראשון לציון';
    expect(new URL(waze).searchParams.get('q')).toBe(place);
    expect(new URL(waze).searchParams.get('navigate')).toBe('yes');
    expect(new URL(googleMaps).searchParams.get('destination')).toBe(place);
    expect(googleMaps).toContain(`destination=${encodeURIComponent(place)}`);
    expect(navigationLinks({ ...venue, lat: Number.NaN }).waze).toContain('q=');
  });
});
