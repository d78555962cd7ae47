import type { Config } from '../../platform/env.js';
import type { GoogleContactsProvider } from './index.js';

// Placeholder until the sandbox and People API adapters land.
export const createGoogleContactsProvider = (_config: Config): GoogleContactsProvider => ({
  name: 'none',
  listContacts: async () => [],
});
