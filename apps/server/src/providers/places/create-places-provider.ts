import type { Config } from '../../platform/env.js';
import { createGooglePlaces } from './google.js';
import type { PlacesProvider } from './index.js';
import { createSandboxPlaces } from './sandbox.js';

/** Google Places when GOOGLE_MAPS_API_KEY is set; otherwise the offline list of Israeli localities. */
export const createPlacesProvider = (config: Config): PlacesProvider =>
  config.googleMapsApiKey
    ? createGooglePlaces({ apiKey: config.googleMapsApiKey, baseUrl: config.googlePlacesApiUrl })
    : createSandboxPlaces();
