import { Alert, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SYSTEMS, type SystemCode } from '@panel/shared/catalog/packages';
import { SYSTEM_LABELS, type Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { classifySessionFailure } from '@/lib/session-failure';
import { useChangeLineSystem } from '../../api/change-line-system';
import { LINE_TOASTS } from '../line-texts';
import { ActionRefused } from './action-refused';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { HybridTransferModal, HybridWarning } from './hybrid-transfer-modal';
import { Dialog } from '@/components/dialog';
import type { LineActionModalProps } from './line-action-modal';
import { NewCredentials } from './new-credentials';

const SYSTEM_CODES: SystemCode[] = [SYSTEMS.iptv, SYSTEMS.p2p, SYSTEMS.hybrid];

/** 422 'Usuário híbrido sem MAC Address' on macaddr: the server says the transfer dialog is needed. */
function needsMac(error: unknown): boolean {
  return error instanceof ApiError && error.field === 'macaddr' && error.status === 422;
}

/**
 * Change service (docs/product/rules.md#services): IPTV, P2P or Híbrido, free. Choosing Híbrido is the hybrid transfer
 * with the line's own MAC (irreversible, new username and password, shown afterwards); without a MAC
 * the modal says 'Usuário híbrido sem MAC Address' and offers the transfer dialog, which asks for one.
 */
export function ChangeServiceModal({ line, opened, onClose }: LineActionModalProps) {
  const [transferOpened, setTransferOpened] = useState(false);
  const closeAll = () => {
    setTransferOpened(false);
    onClose();
  };
  return (
    <>
      <Dialog
        opened={opened && !transferOpened}
        onClose={closeAll}
        title={`${ACTION_TITLES.changeService} - ${line.username}`}
        testId="change-service-modal"
      >
        <ChangeServiceForm line={line} onClose={closeAll} onOpenTransfer={() => setTransferOpened(true)} />
      </Dialog>
      <HybridTransferModal line={line} opened={opened && transferOpened} onClose={closeAll} />
    </>
  );
}

interface ChangeServiceFormProps {
  line: Line;
  onClose: () => void;
  onOpenTransfer: () => void;
}

function ChangeServiceForm({ line, onClose, onOpenTransfer }: ChangeServiceFormProps) {
  const changeSystem = useChangeLineSystem();
  const [system, setSystem] = useState<SystemCode>(line.system);
  const [macMissing, setMacMissing] = useState(false);
  const [transferred, setTransferred] = useState<Line | null>(null);

  if (transferred)
    return <NewCredentials line={transferred} testIdPrefix="change-service" onClose={onClose} />;

  if (line.system === SYSTEMS.hybrid) {
    return (
      <ActionRefused
        color="blue"
        message={LINE_MESSAGES.hybridIrreversible}
        testId="change-service-refused"
        onClose={onClose}
      />
    );
  }

  const toHybrid = system === SYSTEMS.hybrid;
  const withoutMac = toHybrid && (!line.macaddr || macMissing);

  const submit = () =>
    changeSystem.mutate(
      { id: line.id, systemId: system },
      {
        onSuccess: (changed) => {
          showSuccessToast(LINE_TOASTS.serviceChanged);
          if (toHybrid) setTransferred(changed);
          else onClose();
        },
        onError: (error) => {
          if (classifySessionFailure(error)) return;
          if (needsMac(error)) setMacMissing(true);
          else showErrorToast(error);
        },
      },
    );

  return (
    <Stack gap="sm">
      <Text size="sm">{ACTION_TEXTS.serviceCurrent(SYSTEM_LABELS[line.system])}</Text>
      <NativeSelect
        label={ACTION_TEXTS.serviceLabel}
        value={String(system)}
        onChange={(event) => {
          setSystem(Number(event.currentTarget.value) as SystemCode);
          setMacMissing(false);
        }}
        data={SYSTEM_CODES.map((code) => ({ value: String(code), label: SYSTEM_LABELS[code] }))}
        data-testid="change-service-select"
      />
      {withoutMac ? (
        <Alert color="yellow" title={LINE_MESSAGES.hybridWithoutMac} data-testid="change-service-no-mac">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{ACTION_TEXTS.hybridTransferSuggestion}</Text>
            <Button size="xs" color="orange" onClick={onOpenTransfer} data-testid="change-service-transfer">
              {ACTION_TITLES.hybridTransfer}
            </Button>
          </Stack>
        </Alert>
      ) : toHybrid ? (
        <HybridWarning testId="change-service-warning" />
      ) : null}
      <DialogActions
        onCancel={onClose}
        onConfirm={submit}
        label={ACTION_TEXTS.save}
        color={toHybrid ? 'orange' : undefined}
        pending={changeSystem.isPending}
        disabled={system === line.system || withoutMac}
        testId="change-service-submit"
      />
    </Stack>
  );
}
