import { Button, Group } from '@mantine/core';
import classes from './dialog-actions.module.css';

/** The words of every dialog's footer. */
export const DIALOG_TEXTS = { cancel: 'Cancelar', close: 'Fechar' } as const;

interface DialogActionsProps {
  onCancel: () => void;
  /** The one action: 'Confirmar', 'Salvar', 'Criar', 'Renovar' … */
  label: string;
  /** `data-testid` of the action button. */
  testId: string;
  pending: boolean;
  disabled?: boolean;
  color?: string;
  /** Called on click; without it the button submits the surrounding form. */
  onConfirm?: () => void;
  cancelTestId?: string;
  /** The dialog opens with the focus on the action (a one-click flow such as the quick test). */
  autoFocus?: boolean;
}

/**
 * The footer of every dialog: 'Cancelar' and the action, on the right. While the action is in flight it
 * spins and 'Cancelar' waits for it, so a paid action is never left half-seen. It stays at the bottom of
 * a dialog taller than the screen.
 */
export function DialogActions({
  onCancel,
  label,
  testId,
  pending,
  disabled,
  color,
  onConfirm,
  cancelTestId,
  autoFocus,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" className={classes.actions}>
      <Button variant="default" onClick={onCancel} disabled={pending} data-testid={cancelTestId}>
        {DIALOG_TEXTS.cancel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        color={color}
        loading={pending}
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
