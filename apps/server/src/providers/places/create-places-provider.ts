import type { Config } from '../../platform/env.js';
import type { PlacesProvider } from './index.js';

// Placeholder until the sandbox and Google adapters land.
export const createPlacesProvider = (_config: Config): PlacesProvider => ({
  name: 'none',
  suggest: async () => [],
  details: async () => null,
});
