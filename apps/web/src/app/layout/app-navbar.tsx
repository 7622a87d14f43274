import { Box, Divider, Group, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { UserAvatar } from '@/components/user-avatar';
import {
  isMenuGroup,
  visibleSidebarMenu,
  type MenuDialog,
  type MenuEntry,
  type MenuLeaf,
} from '@/config/menu-definition';
import { creditOfferQueryOptions } from '@/features/payments/api/get-credit-offer';
import { useStoredAuth } from '@/lib/auth-storage';
import { FRAME_GROW_CLASS } from './app-frame';
import { complementsQueryOptions } from '@/lib/queries/complements-query';
import classes from './app-navbar.module.css';
import { MENU_ICONS } from './menu-icons';

interface AppNavbarProps {
  profile: Profile | undefined;
  onOpenDialog: (dialog: MenuDialog) => void;
  /** Called on every choice, so the mobile menu closes even when the page stays the same. */
  onNavigate: () => void;
}

function matches(pathname: string, leaf: MenuLeaf): boolean {
  return (
    leaf.target.kind === 'route' &&
    (pathname === leaf.target.path || pathname.startsWith(`${leaf.target.path}/`))
  );
}

/** The one item of the current page: the longest matching path (/resellers/logs, not /resellers too). */
function activeLeafId(pathname: string, entries: MenuEntry[]): string | undefined {
  const leaves = entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry]));
  let best: MenuLeaf | undefined;
  for (const leaf of leaves) {
    if (!matches(pathname, leaf) || leaf.target.kind !== 'route') continue;
    if (!best || (best.target.kind === 'route' && leaf.target.path.length > best.target.path.length))
      best = leaf;
  }
  return best?.id;
}

export function AppNavbar({ profile, onOpenDialog, onNavigate }: AppNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const storedUser = useStoredAuth()?.user;
  const username = profile?.username ?? storedUser?.username ?? '';
  // A reseller sees 'Migrar cliente' only while user_migration_list is 'true' (docs/product/roles.md).
  const { data: settings } = useQuery({
    ...complementsQueryOptions(),
    enabled: profile?.type === 'reseller',
    select: (complements) => Object.fromEntries(complements.settings.map((row) => [row.key, row.value])),
  });
  // 'Comprar créditos' only while the reseller's parent sells (decision 0186); hidden until known.
  const { data: offer } = useQuery({ ...creditOfferQueryOptions(), enabled: profile?.type === 'reseller' });
  const entries = profile
    ? visibleSidebarMenu({ type: profile.type, settings, buysCredits: offer?.available ?? false })
    : [];
  const activeId = activeLeafId(pathname, entries);
  const isActive = (leaf: MenuLeaf) => leaf.id === activeId;

  const renderLeaf = (leaf: MenuLeaf, nested: boolean) => {
    const Icon = leaf.icon ? MENU_ICONS[leaf.icon] : undefined;
    const common = {
      label: t(`nav.${leaf.label}`),
      leftSection: Icon ? <Icon size={18} stroke={1.6} /> : undefined,
      className: classes.link,
      pl: nested ? 'lg' : undefined,
    };
    if (leaf.target.kind === 'route') {
      return (
        <NavLink
          key={leaf.id}
          {...common}
          component={Link}
          to={leaf.target.path}
          onClick={onNavigate}
          active={isActive(leaf)}
          variant="filled"
        />
      );
    }
    if (leaf.target.kind === 'dialog') {
      const { dialog } = leaf.target;
      return (
        <NavLink
          key={leaf.id}
          {...common}
          component="button"
          onClick={() => {
            onNavigate();
            onOpenDialog(dialog);
          }}
        />
      );
    }
    return null;
  };

  const renderEntry = (entry: MenuEntry) => {
    if (!isMenuGroup(entry)) return renderLeaf(entry, false);
    const Icon = MENU_ICONS[entry.icon];
    return (
      <NavLink
        key={entry.id}
        label={t(`nav.${entry.label}`)}
        leftSection={<Icon size={18} stroke={1.6} />}
        className={classes.link}
        defaultOpened={entry.children.some(isActive)}
      >
        {entry.children.map((child) => renderLeaf(child, true))}
      </NavLink>
    );
  };

  return (
    <>
      <Box p="md">
        <Group wrap="nowrap" gap="sm">
          <UserAvatar avatar={profile?.avatar ?? storedUser?.avatar} alt={username} size={44} radius="xl" />
          <Stack gap={0} miw={0}>
            <Text fw={700} truncate data-testid="sidebar-username">
              {username}
            </Text>
          </Stack>
        </Group>
      </Box>
      <Divider className={classes.divider} />
      <ScrollArea className={FRAME_GROW_CLASS} p="xs">
        <nav aria-label="Menu principal">
          {profile ? entries.map(renderEntry) : <Skeleton h={32} radius="sm" opacity={0.2} />}
        </nav>
      </ScrollArea>
    </>
  );
}
