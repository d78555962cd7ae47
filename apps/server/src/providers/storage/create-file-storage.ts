import type { Config } from '../../platform/env.js';
import type { FileStorage } from './index.js';

// Placeholder until the disk adapter lands.
export const createFileStorage = (_config: Config): FileStorage => ({
  name: 'none',
  put: async () => {},
  get: async () => null,
  deletePrefix: async () => {},
  urlFor: (key) => `/media/${key}`,
});
