import { activeEventsSchema, API, okResponseSchema, type DeleteAccountBody } from '@magiim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { isApiError } from '../../app/api-error';
import { apiDownload } from '../../app/api-transfer';

/** All of the user's data as a zip (the server names it `magiim-data-<date>.zip`). */
export const downloadAccountData = () => apiDownload(API.user.export, 'magiim-data.zip');

export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountBody) => apiRequest(API.user.account, { method: 'DELETE', body, schema: okResponseSchema }) });

export type ActiveEvent = { id: string; name: string; date: string };

/** The paid events not over yet that a refused deletion names (ACCOUNT_HAS_ACTIVE_EVENT), or null. */
export const activeEventsOf = (error: unknown): ActiveEvent[] | null => {
  if (!isApiError(error) || error.code !== 'ACCOUNT_HAS_ACTIVE_EVENT') return null;
  const parsed = activeEventsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.events : [];
};
