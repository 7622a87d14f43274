import { Button, Group, Stack } from '@mantine/core';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import { Dialog } from '@/components/dialog';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { SetupMessagesPanel } from '../setup-messages/setup-messages-panel';
import type { LineActionModalProps } from './line-action-modal';

/**
 * 'Mensagem WhatsApp' (docs/product/screens.md#users): the line's setup message per app, to copy or send
 * over WhatsApp, with the QR code of its playlist. Every line offers it (`lineActions(line).whatsapp`).
 */
export function WhatsAppModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${LINE_ACTION_LABELS.whatsapp} - ${line.username}`}
      testId="whatsapp-modal"
      size="lg"
    >
      <Stack gap="sm">
        <SetupMessagesPanel lineId={line.id} testId="whatsapp" />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} data-testid="whatsapp-close">
            {DIALOG_TEXTS.close}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
