import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { FormError } from './form-error';
import type { PaidLineActionFormState } from './use-paid-line-action-form';

interface PaidLineActionFormProps {
  /** What `usePaidLineActionForm` returned. */
  action: PaidLineActionFormState;
  /** `{prefix}-error` (the refusal under the form) and `{prefix}-submit`. */
  testIdPrefix: string;
  /** The action button: 'Confirmar', 'Salvar' … */
  label: string;
  color?: string;
  disabled?: boolean;
  /** The action's inputs and previews. */
  children: ReactNode;
}

/** A line action's form: its inputs, the refusal that belongs to the whole form, 'Cancelar' and the action. */
export function PaidLineActionForm({
  action,
  testIdPrefix,
  label,
  color,
  disabled,
  children,
}: PaidLineActionFormProps) {
  return (
    <form onSubmit={action.submit} noValidate>
      <Stack gap="sm">
        {children}
        <FormError message={action.serverError} testId={`${testIdPrefix}-error`} />
        <DialogActions
          onCancel={action.onClose}
          label={label}
          color={color}
          pending={action.pending}
          disabled={disabled}
          testId={`${testIdPrefix}-submit`}
        />
      </Stack>
    </form>
  );
}
