import { ApiError } from './api-client';
import { classifySessionFailure } from './session-failure';
import { showErrorToast } from './toasts';

/** The first message per field of a failed shared-schema check, for forms that keep their errors in state. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A refused save of such a form: the server's message under the field it names when it is one of
 * `fields`, else a toast; session failures are left to the global handler. Undefined when nothing goes
 * under a field.
 */
export function serverFieldError<F extends string>(
  failure: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | undefined {
  if (classifySessionFailure(failure)) return undefined;
  const field = failure instanceof ApiError ? fields.find((name) => name === failure.field) : undefined;
  if (field && failure instanceof ApiError) return { [field]: failure.message } as Partial<Record<F, string>>;
  showErrorToast(failure);
  return undefined;
}
