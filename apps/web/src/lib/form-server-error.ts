import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { mapError } from './map-error';
import { classifySessionFailure } from './session-failure';
import { showErrorToast } from './toasts';

/**
 * A refused form submit: when the server names one of the form's fields, its message goes under that
 * input; anything else is a toast. Session failures are left to the global handler (lock / login).
 * Use with `meta: { silentError: true }` on the mutation, so the global toast does not repeat it.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (classifySessionFailure(error)) return;
  const field = error instanceof ApiError ? error.field : undefined;
  const known = fields.find((candidate) => candidate === field);
  if (known) setError(known, { type: 'server', message: mapError(error).message }, { shouldFocus: true });
  else showErrorToast(error);
}
