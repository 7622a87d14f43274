import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { DIALOG_TEXTS } from './dialog-actions';

interface DialogProps {
  /** Default true: most dialogs are mounted only while shown. */
  opened?: boolean;
  onClose: () => void;
  title: string;
  /** `data-testid` of the dialog's content. */
  testId: string;
  size?: string;
  children: ReactNode;
}

/**
 * The frame of every dialog of the panel: centred, titled, closed by 'Fechar' or Escape. Its body is
 * mounted only while open, so every opening starts from a fresh form, price and outcome.
 */
export function Dialog({ opened = true, onClose, title, testId, size, children }: DialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      attributes={{ content: { 'data-testid': testId } }}
      closeButtonProps={{ 'aria-label': DIALOG_TEXTS.close }}
    >
      {opened ? children : null}
    </Modal>
  );
}
