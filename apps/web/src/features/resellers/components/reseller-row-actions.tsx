import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCoins,
  IconDots,
  IconEdit,
  IconList,
  IconLock,
  IconLockOpen,
  IconShieldOff,
  IconTrash,
} from '@tabler/icons-react';
import { DELETED_RESELLERS_BUCKET, RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';

export type ResellerAction = 'edit' | 'toggle-status' | 'credits' | 'logs' | 'reset-two-factor' | 'remove';

export interface ResellerActionRules {
  isAdmin: boolean;
  /** The signed-in account: it sees itself in the list but may not act on itself (403 ownAccount). */
  ownId: number;
}

/**
 * The actions a row offers (docs/product/screens.md#resellers): REVENDAS_DELETADOS and the caller's own row only show their logs;
 * resetting two-factor sign-in (decision 0135) is admin-only; remove is admin-only and hidden under the
 * deleted-resellers bucket. The server checks each one again.
 */
export function availableResellerActions(reseller: Reseller, rules: ResellerActionRules): ResellerAction[] {
  if (reseller.is_deleted_bucket || reseller.id === rules.ownId) return ['logs'];
  const actions: ResellerAction[] = ['edit', 'toggle-status', 'credits', 'logs'];
  if (rules.isAdmin) actions.push('reset-two-factor');
  if (rules.isAdmin && reseller.master_username !== DELETED_RESELLERS_BUCKET) actions.push('remove');
  return actions;
}

interface ResellerRowActionsProps {
  reseller: Reseller;
  rules: ResellerActionRules;
  onAction: (action: ResellerAction, reseller: Reseller) => void;
}

export function ResellerRowActions({ reseller, rules, onAction }: ResellerRowActionsProps) {
  const actions = availableResellerActions(reseller, rules);
  const blocked = reseller.status !== RESELLER_STATUS.active;
  const item = (action: ResellerAction) => ({
    onClick: () => onAction(action, reseller),
    'data-testid': `reseller-action-${action}`,
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`Ações de ${reseller.username}`}
          data-testid="reseller-actions"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.includes('edit') && (
          <Menu.Item leftSection={<IconEdit size={16} />} {...item('edit')}>
            Editar
          </Menu.Item>
        )}
        {actions.includes('toggle-status') && (
          <Menu.Item
            leftSection={blocked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            {...item('toggle-status')}
          >
            {blocked ? 'Desbloquear' : 'Bloquear'}
          </Menu.Item>
        )}
        {actions.includes('credits') && (
          <Menu.Item leftSection={<IconCoins size={16} />} {...item('credits')}>
            Gerenciar créditos
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconList size={16} />} {...item('logs')}>
          Logs
        </Menu.Item>
        {actions.includes('reset-two-factor') && (
          <Menu.Item leftSection={<IconShieldOff size={16} />} {...item('reset-two-factor')}>
            Redefinir verificação em duas etapas
          </Menu.Item>
        )}
        {actions.includes('remove') && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} {...item('remove')}>
            Remover
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
