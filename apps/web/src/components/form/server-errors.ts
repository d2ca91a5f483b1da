import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText } from '../../lib/errors';

const FIELD_BY_CODE: Record<string, string> = { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' };

/**
 * Puts the server's field problems back on the form fields (docs/conventions.md §12). Returns the text
 * for the form-level alert when something could not be attached to a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  /** Where the form's fields sit in the request body, e.g. 'model.' for email notifications. */
  pathPrefix = '',
): string | null {
  if (!(error instanceof ApiError)) return errorText(error);
  const known = new Set<string>(fields);
  const details = error.details.length
    ? error.details
    : error.code && FIELD_BY_CODE[error.code]
      ? [{ path: FIELD_BY_CODE[error.code]!, message: error.message }]
      : [];
  let isAttached = false;
  let hasUnattached = false;
  for (const detail of details) {
    const path = pathPrefix && detail.path.startsWith(pathPrefix) ? detail.path.slice(pathPrefix.length) : detail.path;
    const field = path.split('.')[0] ?? '';
    if (known.has(field)) {
      setError(field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: !isAttached });
      isAttached = true;
    } else {
      hasUnattached = true;
    }
  }
  return isAttached && !hasUnattached ? null : errorText(error);
}
