import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { showFormError } from '@/lib/form-server-error';
import { mapError } from '@/lib/map-error';

/**
 * A refused line action: 'Créditos insuficientes.' (409 insufficient_credits, no field) goes under the
 * form; a refusal naming one of the form's fields goes under that input; anything else is a toast.
 * Every text comes from the one error mapper; session failures are left to the global handler.
 */
export function showLineActionError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (error instanceof ApiError && error.code === 'insufficient_credits') {
    setError('root.server', { type: 'server', message: mapError(error).message });
    return;
  }
  showFormError(error, fields, setError);
}
