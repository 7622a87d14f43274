import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { SYSTEM_LABELS, type CreateLineResult, type LineActionResult } from '@panel/shared/lines/line-api';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { lineActions } from '@panel/shared/lines/line-actions';
import { formatCredits } from '@panel/shared/money/credits';
import { notConfiguredMessage } from '@panel/shared/provisioning/provisioning-messages';
import { formatPanelDateTime } from '@/lib/format-date';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { getLineProvisioning } from '../api/get-line-provisioning';
import { copyText } from '@/lib/copy-text';
import { CopyValue } from './actions/copy-value';
import { LINK_TEXTS, LineLinks } from './line-links';
import { SetupMessagesPanel } from './setup-messages/setup-messages-panel';
import { SETUP_TEXTS } from './setup-messages/setup-texts';

/** The text 'Copiar tudo' puts on the clipboard: what a reseller sends its customer. */
export function credentialsText(result: LineActionResult): string {
  const { line } = result;
  return [
    `Usuário: ${line.username}`,
    `Senha: ${line.password}`,
    `Vencimento: ${formatPanelDateTime(line.exp_date)}`,
    `Serviço: ${SYSTEM_LABELS[line.system]}`,
  ].join('\n');
}

/**
 * P2P and hybrid lines live at a service outside the panel: when that service has no endpoint, the
 * creation waits there, and the success modal says so instead of pretending (decision 0013).
 */
function useProvisioningWarning(result: LineActionResult): string | null {
  const { line } = result;
  const provisioned = line.system !== SYSTEMS.iptv;
  const { data } = useQuery({
    queryKey: ['lines', 'provisioning', line.id],
    queryFn: ({ signal }) => getLineProvisioning(line.id, signal),
    enabled: provisioned,
    meta: { silentError: true },
  });
  if (!provisioned || !data || data.configured) return null;
  return data.message ?? notConfiguredMessage(line.system as 2 | 3);
}

interface LineCreatedModalProps {
  result: CreateLineResult;
  onClose: () => void;
  /** Another title than 'Usuário criado' (a migration's success, decision 0067). */
  title?: string;
  /** A sentence above the credentials (a migrated customer's new login, decision 0067). */
  notice?: string;
}

/**
 * After a creation (docs/product/screens.md#create-flow): the credentials with copy buttons, expiry, service
 * and what it cost, the links, and the setup message to copy or send over WhatsApp (decision 0050).
 */
export function LineCreatedModal({ result, onClose, title, notice }: LineCreatedModalProps) {
  const { line } = result;
  const warning = useProvisioningWarning(result);
  const trial = line.is_trial === 1;
  const copyAll = () => copyText(credentialsText(result)).then(showCopiedToast, showErrorToast);
  return (
    <Dialog
      onClose={onClose}
      title={title ?? (trial ? 'Teste criado' : 'Usuário criado')}
      testId="line-created-modal"
      size="lg"
    >
      <Stack gap="sm">
        {notice && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="line-created-notice">
            {notice}
          </Alert>
        )}
        <CopyValue label="Usuário" value={line.username} testId="line-created-username" />
        <CopyValue label="Senha" value={line.password} testId="line-created-password" />
        <Text size="sm">
          Vencimento: <b data-testid="line-created-expiry">{formatPanelDateTime(line.exp_date)}</b>
        </Text>
        <Text size="sm">
          Serviço: <b data-testid="line-created-system">{SYSTEM_LABELS[line.system]}</b>
          {trial && ' (teste)'}
        </Text>
        <Text size="sm" c="dimmed">
          Cobrado: <span data-testid="line-created-charged">{formatCredits(result.charged)}</span> créditos ·
          Saldo: <span data-testid="line-created-balance">{formatCredits(result.balance)}</span> créditos
        </Text>
        {lineActions(line).userInfo && (
          <>
            <Divider label={LINK_TEXTS.section} labelPosition="left" />
            <LineLinks lineId={line.id} testId="line-created-links" />
          </>
        )}
        {result.dreamtv &&
          (result.dreamtv.connected ? (
            <Alert color="teal" data-testid="line-created-dreamtv">
              {TV_APPS_MESSAGES.dreamTvConnected} MAC: <b>{result.dreamtv.mac}</b>
            </Alert>
          ) : (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="line-created-dreamtv">
              {result.dreamtv.message} MAC: <b>{result.dreamtv.mac}</b>
            </Alert>
          ))}
        <Divider label={SETUP_TEXTS.section} labelPosition="left" />
        <SetupMessagesPanel lineId={line.id} testId="line-created-messages" />
        {warning && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            data-testid="line-created-provisioning-warning"
          >
            {warning}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => void copyAll()} data-testid="line-created-copy-all">
            Copiar tudo
          </Button>
          <Button onClick={onClose} data-testid="line-created-close">
            Fechar
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
