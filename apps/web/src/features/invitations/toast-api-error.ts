import { isApiError } from '../../app/api-error';
import { showToast } from '../../components/toast-store';

/** A failed call's message as a toast, unless the API client already said something (429, lost session). */
export const toastApiError = (error: unknown): void => {
  if (isApiError(error) && error.handledGlobally) return;
  showToast(isApiError(error) ? `errors.${error.code}` : 'errors.INTERNAL', 'error');
};
