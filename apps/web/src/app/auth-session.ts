import type { LoginResponse } from '@magiim/shared';
import { queryClient } from './query-client';
import { clearSession, writeSession } from './session';

/** Sign-in: the ability follows the stored rules (see ability.ts). */
export const startSession = (response: LoginResponse): void => {
  writeSession(response);
};

/** Sign-out or an expired session: forget the user and everything fetched for them. */
export const endSession = (): void => {
  clearSession();
  queryClient.clear();
};
