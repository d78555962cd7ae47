import { describe, expect, it } from 'vitest';
import { parsePoint } from './venue-hall';

describe('typed venue coordinates (issue 27 §6)', () => {
  it('reads "lat, lng" as a map app copies it, with a comma, a space or both', () => {
    expect(parsePoint('31.95123, 34.80456')).toEqual({ lat: 31.95123, lng: 34.80456 });
    expect(parsePoint(' 31.95123 34.80456 ')).toEqual({ lat: 31.95123, lng: 34.80456 });
    expect(parsePoint('31.95,34.8')).toEqual({ lat: 31.95, lng: 34.8 });
    expect(parsePoint('-33.86, 151.2')).toEqual({ lat: -33.86, lng: 151.2 });
  });

  it('refuses words, one number, points off the globe and 0,0', () => {
    for (const text of ['north of here', '31.95', '95, 34', '31, 200', '0, 0', '', '31.9;34.8x']) expect(parsePoint(text)).toBeNull();
  });
});
