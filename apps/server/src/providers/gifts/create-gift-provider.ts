import type { Config } from '../../platform/env.js';
import type { GiftLinkProvider } from './index.js';
import { createManagedGiftProvider } from './managed.js';
import { createSandboxGiftProvider } from './sandbox.js';

export const createGiftLinkProvider = (config: Config): GiftLinkProvider =>
  config.gifts.provider === 'managed'
    ? createManagedGiftProvider({ supportEmail: config.supportEmail })
    : createSandboxGiftProvider({ appUrl: config.appUrl, reviewSeconds: config.gifts.sandboxReviewSeconds });
