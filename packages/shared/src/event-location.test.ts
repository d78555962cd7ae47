import { describe, expect, it } from 'vitest';
import { buildEventLocation, locationLineIn, locationTextsIn, normalizeEventLocation } from './event-location.js';
import { normalizeTransport, transportOptionLabel, transportOptionLabels } from './transport-options.js';

const rishon = buildEventLocation(
  {
    placeId: 'il-rishon',
    lat: 31.97,
    lng: 34.79,
    venue: { he: 'אולמי "הגן הקסום"', en: ' Magic Garden Halls ', ru: '' },
    place: { name: { he: 'ראשון לציון', en: 'Rishon LeZion' }, address: { he: 'השפלה, ישראל', en: 'Shfela, Israel' } },
  },
  'he',
);

describe('event location', () => {
  it('keeps the venue and the place apart, and fills the first shape from the default language', () => {
    expect(rishon.venue).toEqual({ he: 'אולמי "הגן הקסום"', en: 'Magic Garden Halls' });
    expect(rishon.name).toBe('אולמי "הגן הקסום"');
    expect(rishon.address).toBe('ראשון לציון, השפלה, ישראל');
  });

  it('gives each language its texts, falling back to the default language', () => {
    expect(locationTextsIn(rishon, 'en', 'he')).toEqual({ venue: 'Magic Garden Halls', place: 'Rishon LeZion', address: 'Shfela, Israel' });
    expect(locationTextsIn(rishon, 'ar', 'he')).toEqual({ venue: 'אולמי "הגן הקסום"', place: 'ראשון לציון', address: 'השפלה, ישראל' });
    expect(locationLineIn(rishon, 'en', 'he')).toBe('Magic Garden Halls, Rishon LeZion, Shfela, Israel');
  });

  it('names a place with no venue by the place alone', () => {
    const city = buildEventLocation({ ...rishon, venue: {} }, 'en');
    expect(city.name).toBe('Rishon LeZion');
    expect(city.address).toBe('Shfela, Israel');
    expect(locationTextsIn(city, 'en', 'en').venue).toBe('');
  });

  it('reads the first shape as the place in the default language, as it read before', () => {
    const old = normalizeEventLocation({ placeId: 'il-1', name: 'Gan Oranim', address: 'HaOranim 1, Haifa', lat: 32.7, lng: 34.9 }, 'he');
    expect(old).toEqual({
      placeId: 'il-1',
      lat: 32.7,
      lng: 34.9,
      venue: {},
      place: { name: { he: 'Gan Oranim' }, address: { he: 'HaOranim 1, Haifa' } },
      name: 'Gan Oranim',
      address: 'HaOranim 1, Haifa',
      // Issue 27 §6: a stored location without a hall pin reads as none.
      venuePoint: null,
      venueAddress: '',
    });
    expect(locationLineIn(old, 'en', 'he')).toBe('Gan Oranim, HaOranim 1, Haifa');
  });

  it('reads the current shape unchanged, and anything else as an empty location', () => {
    expect(normalizeEventLocation(JSON.parse(JSON.stringify(rishon)), 'he')).toEqual(rishon);
    expect(normalizeEventLocation(null, 'he')).toMatchObject({ placeId: '', name: '', address: '', lat: 0, lng: 0 });
  });
});

describe('pickup points per language', () => {
  const transport = { ask: 'all_guests', options: ['תל אביב', 'חיפה'], translations: [{ en: 'Tel Aviv' }] };

  it('shows the translation where there is one, else the text the host wrote', () => {
    expect(transportOptionLabels(transport, 'en')).toEqual(['Tel Aviv', 'חיפה']);
    expect(transportOptionLabel(transport, 0, 'he')).toBe('תל אביב');
  });

  it('answers one translation entry per option, for rows stored before translations existed', () => {
    expect(normalizeTransport({ ask: 'some_guests', options: ['A', 'B'] }).translations).toEqual([{}, {}]);
    expect(normalizeTransport(transport).translations).toEqual([{ en: 'Tel Aviv' }, {}]);
  });
});
