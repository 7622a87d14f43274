import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type BaseSyntheticEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { showSuccessToast } from '@/lib/toasts';
import { showLineActionError } from './action-error';

interface PaidLineActionFormOptions<TValues extends FieldValues, TOutput, TVariables, TResult> {
  /** The shared rule the form is judged by (decision 0016): typed values in, the request's input out. */
  schema: z.ZodType<TOutput, TValues>;
  defaultValues?: DefaultValues<TValues>;
  mode?: Mode;
  /** The action's request (`features/lines/api/`), which refreshes the lines itself (decision 0030). */
  mutation: UseMutationResult<TResult, Error, TVariables>;
  /** The confirmed values as the request's variables. */
  toVariables: (values: TOutput) => TVariables;
  /** The fields a refusal may name: its message goes under that input, anything else is a toast. */
  fields: readonly Path<TValues>[];
  successToast: string;
  onClose: () => void;
  /**
   * After the toast, true keeps the dialog open on the server's answer (`outcome`) instead of closing it:
   * a paid action charged something else than its preview (decision 0016), the hybrid transfer's credentials.
   */
  keepOpen?: (result: TResult, values: TOutput) => boolean;
}

/**
 * The one flow of a line action's form (decision 0080): validate with the shared schema, send, then the
 * success toast and close (or stay on the answer); a refusal under its input, under the form
 * ('Créditos insuficientes.') or as a toast. Rendered by `PaidLineActionForm`.
 */
export function usePaidLineActionForm<TValues extends FieldValues, TOutput, TVariables, TResult>({
  schema,
  defaultValues,
  mode,
  mutation,
  toVariables,
  fields,
  successToast,
  onClose,
  keepOpen,
}: PaidLineActionFormOptions<TValues, TOutput, TVariables, TResult>): PaidLineActionFormState & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  outcome: TResult | null;
} {
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues, mode });
  const [outcome, setOutcome] = useState<TResult | null>(null);
  const submit = form.handleSubmit((values) =>
    mutation.mutate(toVariables(values), {
      onSuccess: (result) => {
        showSuccessToast(successToast);
        if (keepOpen?.(result, values)) setOutcome(result);
        else onClose();
      },
      onError: (error) => showLineActionError(error, fields, form.setError),
    }),
  );
  return {
    form,
    /** The server's answer the dialog stays open on, or null. */
    outcome,
    submit,
    pending: mutation.isPending,
    serverError: form.formState.errors.root?.server?.message,
    onClose,
  };
}

/** What `PaidLineActionForm` needs of the hook: submit, the request in flight, the form's refusal, close. */
export interface PaidLineActionFormState {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  serverError: string | undefined;
  onClose: () => void;
}
