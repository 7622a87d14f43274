import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import { Dialog } from '@/components/dialog';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { formatPanelDateTime } from '@/lib/format-date';
import { LINK_TEXTS, LineLinks } from '../line-links';
import { LinePortal } from '../line-portal';
import { PORTAL_LABELS } from '@panel/shared/portal/portal-messages';
import { SetupMessagesPanel } from '../setup-messages/setup-messages-panel';
import { SETUP_TEXTS } from '../setup-messages/setup-texts';
import { ACTION_TEXTS } from './action-texts';
import { CopyValue } from './copy-value';
import type { LineActionModalProps } from './line-action-modal';

const LINE_INFO_TEXTS = {
  expiry: 'Vencimento',
  screens: 'Telas',
  service: 'Serviço',
  trial: ' (teste)',
} as const;

/**
 * 'Informações do usuário' (docs/product/screens.md#line-links): what a customer's app needs to sign in
 * (username, password) and where to find the service (the player API base, playlists and guide), each
 * with a copy button, next to the line's expiry, screens and service, then the setup message per app
 * (decision 0050); a hybrid line's portal (address, MAC, its box; decision 0114). IPTV and hybrid lines only
 * (`lineActions(line).userInfo`); P2P lines play through another service.
 */
export function LineInfoModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${LINE_ACTION_LABELS['user-info']} - ${line.username}`}
      testId="line-info-modal"
      size="lg"
    >
      <Stack gap="sm">
        <CopyValue label={ACTION_TEXTS.username} value={line.username} testId="line-info-username" />
        <CopyValue label={ACTION_TEXTS.password} value={line.password} testId="line-info-password" />
        <Text size="sm">
          {LINE_INFO_TEXTS.expiry}: <b data-testid="line-info-expiry">{formatPanelDateTime(line.exp_date)}</b>
        </Text>
        <Text size="sm">
          {LINE_INFO_TEXTS.screens}: <b data-testid="line-info-screens">{line.max_connections}</b>
        </Text>
        <Text size="sm">
          {LINE_INFO_TEXTS.service}: <b data-testid="line-info-system">{SYSTEM_LABELS[line.system]}</b>
          {line.is_trial === 1 && LINE_INFO_TEXTS.trial}
        </Text>
        <Divider label={LINK_TEXTS.section} labelPosition="left" />
        <LineLinks lineId={line.id} testId="line-info-links" />
        {line.system === 3 && (
          <>
            <Divider label={PORTAL_LABELS.section} labelPosition="left" />
            <LinePortal lineId={line.id} />
          </>
        )}
        <Divider label={SETUP_TEXTS.section} labelPosition="left" />
        <SetupMessagesPanel lineId={line.id} testId="line-info-messages" />
        <Group justify="flex-end" mt="xs">
          <Button onClick={onClose} data-testid="line-info-close">
            {DIALOG_TEXTS.close}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
