import type { Config } from '../../platform/env.js';
import { createDiskStorage } from './disk.js';
import type { FileStorage } from './index.js';

/** A directory under DATA_DIR; an S3-compatible bucket (same keys) is the next adapter. */
export const createFileStorage = (config: Config): FileStorage => createDiskStorage(config.dataDir);
