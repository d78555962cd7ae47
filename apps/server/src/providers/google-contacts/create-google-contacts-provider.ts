import type { Config } from '../../platform/env.js';
import { AppError } from '../../platform/errors.js';
import type { GoogleContactsProvider } from './index.js';
import { createPeopleApiContacts } from './people-api.js';
import { createSandboxGoogleContacts } from './sandbox.js';

/**
 * The People API when Google is configured (GOOGLE_CLIENT_ID: the browser asks the host for
 * contacts.readonly); sample contacts in development without it; otherwise every call fails cleanly.
 */
export const createGoogleContactsProvider = (config: Config): GoogleContactsProvider => {
  if (config.googleClientId) return createPeopleApiContacts({ baseUrl: config.googlePeopleApiUrl });
  if (config.devMailbox) return createSandboxGoogleContacts();
  return {
    name: 'off',
    listContacts: async () => {
      throw new AppError('GOOGLE_CONTACTS_FAILED', 'Google contacts are not configured');
    },
  };
};
