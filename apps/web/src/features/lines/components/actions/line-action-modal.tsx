import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Line } from '@panel/shared/lines/line-api';

/** The props every row-action modal takes: the row's line, and the row menu's open state. */
export interface LineActionModalProps {
  line: Line;
  opened: boolean;
  onClose: () => void;
}

interface LineActionModalShellProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** `data-testid` of the modal content. */
  testId: string;
  size?: string;
  children: ReactNode;
}

/**
 * The modal frame of the row actions. Its body is only mounted while open, so every opening starts
 * from a fresh form, price and outcome.
 */
export function LineActionModalShell({
  opened,
  onClose,
  title,
  testId,
  size,
  children,
}: LineActionModalShellProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      attributes={{ content: { 'data-testid': testId } }}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened ? children : null}
    </Modal>
  );
}
