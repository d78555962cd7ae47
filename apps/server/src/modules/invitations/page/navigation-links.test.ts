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

  it('send guests to the hall: its pin first, then its name and street address, else the place as before (issue 27 §6)', () => {
    const city = { name: 'ראשון לציון', address: 'השפלה, ישראל', lat: 31.964, lng: 34.804, venue: 'אולמי הגן', place: 'ראשון לציון' };
    // The host's pin beats the locality's centre.
    expect(navigationLinks({ ...city, venuePoint: { lat: 31.98123, lng: 34.77 }, venueAddress: 'הרצל 12' })).toEqual({
      waze: 'https://waze.com/ul?ll=31.981230,34.770000&navigate=yes',
      googleMaps: 'https://www.google.com/maps/dir/?api=1&destination=31.981230,34.770000',
    });
    // No pin, a street address: the hall by name and address, in the city.
    const typed = navigationLinks({ ...city, venuePoint: null, venueAddress: 'הרצל 12' });
    expect(new URL(typed.waze).searchParams.get('q')).toBe('אולמי הגן, הרצל 12, ראשון לציון');
    expect(new URL(typed.googleMaps).searchParams.get('destination')).toBe('אולמי הגן, הרצל 12, ראשון לציון');
    // Neither: today's behaviour (the place's point).
    expect(navigationLinks({ ...city, venuePoint: null, venueAddress: '' }).waze).toBe('https://waze.com/ul?ll=31.964000,34.804000&navigate=yes');
  });
});
