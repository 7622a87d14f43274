import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** `data-testid` of the dialog; the buttons get `{testId}-confirm` and `{testId}-cancel`. */
  testId: string;
}

/** "Deseja realmente …?" with a confirm and a cancel button: every destructive or heavy action asks first. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancelar',
  confirmColor,
  loading = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      attributes={{ content: { 'data-testid': testId } }}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading} data-testid={`${testId}-cancel`}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
