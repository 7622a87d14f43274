import { ActionIcon, Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { visibleSettingsMenu, type MenuLeaf } from '@/config/menu-definition';
import { paths } from '@/config/paths';
import { useLockSession } from '@/features/auth/api/lock-session';
import { MENU_ICONS } from './menu-icons';

/** The top bar's settings menu: Alterar senha, Configurações, Bloquear painel, Sair. */
export function SettingsMenu({ accountType }: { accountType: AccountType | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lockSession = useLockSession();
  const items = visibleSettingsMenu({ type: accountType ?? 'reseller' });

  const renderItem = (item: MenuLeaf) => {
    const Icon = item.icon ? MENU_ICONS[item.icon] : undefined;
    const leftSection = Icon ? <Icon size={16} stroke={1.6} /> : undefined;
    const label = t(`nav.${item.label}`);
    switch (item.target.kind) {
      case 'route':
        return (
          <Menu.Item key={item.id} component={Link} to={item.target.path} leftSection={leftSection}>
            {label}
          </Menu.Item>
        );
      case 'action': {
        const handleClick =
          item.target.action === 'lock'
            ? () => lockSession.mutate(undefined, { onSuccess: () => void navigate(paths.lock) })
            : () => void navigate(paths.logout);
        return (
          <Menu.Item key={item.id} leftSection={leftSection} onClick={handleClick}>
            {label}
          </Menu.Item>
        );
      }
      case 'dialog':
        return null;
    }
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('topbar.settingsMenu')}>
          <IconSettings size={20} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items.map(renderItem)}</Menu.Dropdown>
    </Menu>
  );
}
