import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCalendarEvent,
  IconCalendarPlus,
  IconClock,
  IconDeviceTv,
  IconDots,
  IconEdit,
  IconLock,
  IconLockOpen,
  IconPackage,
  IconRefresh,
  IconRepeat,
  IconTransfer,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Line } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';

/** Every row action of /users this build offers, in menu order ('remove' last, after a divider). */
export const LINE_ACTIONS = [
  'edit',
  'renew-month',
  'renew-package',
  'renew-calendar',
  'add-days',
  'expiry-2359',
  'manage-screens',
  'block',
  'unblock',
  'resync-p2p',
  'resync-hybrid',
  'change-service',
  'hybrid-transfer',
  'remove',
] as const;
export type LineAction = (typeof LINE_ACTIONS)[number];

export const LINE_ACTION_LABELS: Record<LineAction, string> = {
  edit: 'Editar',
  'renew-month': 'Renovar 1 mês',
  'renew-package': 'Renovar por pacote',
  'renew-calendar': 'Renovar por calendário',
  'add-days': 'Adicionar dias',
  'expiry-2359': 'Vencimento às 23:59',
  'manage-screens': 'Gerenciar telas',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  'resync-p2p': 'Sincronizar P2P',
  'resync-hybrid': 'Sincronizar Híbrido',
  'change-service': 'Alterar serviço',
  'hybrid-transfer': 'Transferência para sistema Híbrido',
  remove: 'Remover',
};

const ICONS: Record<LineAction, ReactNode> = {
  edit: <IconEdit size={16} />,
  'renew-month': <IconRepeat size={16} />,
  'renew-package': <IconPackage size={16} />,
  'renew-calendar': <IconCalendarEvent size={16} />,
  'add-days': <IconCalendarPlus size={16} />,
  'expiry-2359': <IconClock size={16} />,
  'manage-screens': <IconDeviceTv size={16} />,
  block: <IconLock size={16} />,
  unblock: <IconLockOpen size={16} />,
  'resync-p2p': <IconRefresh size={16} />,
  'resync-hybrid': <IconRefresh size={16} />,
  'change-service': <IconArrowsExchange size={16} />,
  'hybrid-transfer': <IconTransfer size={16} />,
  remove: <IconTrash size={16} />,
};

/**
 * The actions a line's menu offers (spec §2 visibility rules through the shared `lineActions`, which the
 * server enforces too). Block or unblock by the line's state; changing the service is not offered to a
 * hybrid line (hybrid is a one-way door, decision 0012). `offered` leaves out actions this build lacks.
 */
export function availableLineActions(
  line: Line,
  offered: readonly LineAction[] = LINE_ACTIONS,
): LineAction[] {
  const rules = lineActions(line);
  const shown: Record<LineAction, boolean> = {
    edit: true,
    'renew-month': true,
    'renew-package': true,
    'renew-calendar': rules.renewByCalendar,
    'add-days': rules.addDays,
    'expiry-2359': rules.setExpiry2359,
    'manage-screens': rules.manageScreens,
    block: line.enabled === 1,
    unblock: line.enabled !== 1,
    'resync-p2p': rules.resyncP2p,
    'resync-hybrid': rules.resyncHybrid,
    'change-service': line.system !== SYSTEMS.hybrid,
    'hybrid-transfer': rules.hybridTransfer,
    remove: true,
  };
  return LINE_ACTIONS.filter((action) => shown[action] && offered.includes(action));
}

interface LineRowActionsProps {
  line: Line;
  offered?: readonly LineAction[];
  onAction: (action: LineAction, line: Line) => void;
}

/** The '…' menu of a row (test ids `line-actions`, `line-action-{action}`). */
export function LineRowActions({ line, offered, onAction }: LineRowActionsProps) {
  const actions = availableLineActions(line, offered);
  const item = (action: LineAction) => (
    <Menu.Item
      key={action}
      leftSection={ICONS[action]}
      color={action === 'remove' ? 'red' : undefined}
      onClick={() => onAction(action, line)}
      data-testid={`line-action-${action}`}
    >
      {LINE_ACTION_LABELS[action]}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Ações de ${line.username}`} data-testid="line-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        {actions.filter((action) => action !== 'remove').map(item)}
        {actions.includes('remove') && (
          <>
            {/* Spec §2: remove is "hidden in the menu": last, apart, in red, and it asks first. */}
            <Menu.Divider />
            {item('remove')}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
