import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/env.js';
import type { Db } from '../../platform/db.js';
import type { CallFlowHandlers, VoiceCallProvider } from './index.js';
import { createSandboxVoiceProvider } from './sandbox.js';
import { createTwilioVoiceProvider } from './twilio.js';

export interface VoiceProviderDeps {
  db: Db;
  logger: FastifyBaseLogger;
  /** Our call flow (late-bound: it needs the app context, which holds this provider). */
  handlers: () => CallFlowHandlers;
}

/** Twilio with VOICE_PROVIDER=twilio, else the sandbox (simulated guests by the phone's last digit). */
export const createVoiceProvider = (config: Config, deps: VoiceProviderDeps): VoiceCallProvider => {
  const voice = config.voice;
  if (voice.provider === 'twilio') {
    return createTwilioVoiceProvider(
      { apiUrl: voice.apiUrl, accountSid: voice.accountSid, authToken: voice.authToken, fromNumber: voice.fromNumber, appUrl: config.appUrl },
      deps.logger,
    );
  }
  return createSandboxVoiceProvider(deps);
};
