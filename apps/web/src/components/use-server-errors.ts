import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../app/api-error';

/** Issue paths may come as `email` or `body.email`; the form knows only the field name. */
export const fieldOfIssuePath = (path: string): string => path.replace(/^body\./, '');

/**
 * Routes a failed call: validation issues onto their form fields (messages stay encoded and are translated
 * by the field), errors the global handler already showed nowhere, anything else into `formError`.
 */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const [formError, setFormError] = useState<unknown>(null);

  const handleError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.handledGlobally) return;
      const matched = isApiError(error)
        ? error.issues.filter((issue) => (fields as readonly string[]).includes(fieldOfIssuePath(issue.path)))
        : [];
      for (const issue of matched) {
        setError(fieldOfIssuePath(issue.path) as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: true });
      }
      setFormError(matched.length > 0 ? null : error);
    },
    [fields, setError],
  );

  const clearFormError = useCallback(() => setFormError(null), []);

  return { formError, handleError, clearFormError };
}
