import type { Config } from '../../platform/env.js';
import type { PushProvider } from './index.js';
import { createFcmPushProvider } from './fcm-push-provider.js';
import { createSandboxPushProvider } from './sandbox-push-provider.js';

/** Firebase Cloud Messaging HTTP v1 with PUSH_PROVIDER=fcm, else the sandbox (records, sends nothing). */
export const createPushProvider = (config: Config): PushProvider =>
  config.push.provider === 'fcm'
    ? createFcmPushProvider({
        projectId: config.push.projectId,
        serviceAccountFile: config.push.serviceAccountFile,
        apiUrl: config.push.apiUrl,
        tokenUrl: config.push.tokenUrl,
      })
    : createSandboxPushProvider();
