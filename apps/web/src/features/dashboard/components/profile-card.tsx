import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconFlask, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import { formatCredits } from '@panel/shared/money/credits';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { AccountType, Profile } from '@panel/shared/profile/profile-schema';
import { UserAvatar } from '@/components/user-avatar';
import { isMenuGroup, visibleSidebarMenu } from '@/config/menu-definition';
import { paths } from '@/config/paths';
import { complementSetting, useComplements } from '@/lib/queries/complements-query';
import { ACCOUNT_TYPE_LABELS, QUICK_LINKS } from './dashboard-texts';
import { HiddenNumber } from './hidden-number';

/** Navigation state /users reads to start the quick-test flow (docs/product/screens.md#create-flow "/users … a quick-test flag"). */
export const QUICK_TEST_STATE = { quickTest: true } as const;

/**
 * The quick links follow the menu: a link shows only when its screen is built and the account may open
 * it (publishers have neither lines nor resellers).
 */
function openableMenuItems(type: AccountType): Set<string> {
  return new Set(
    visibleSidebarMenu({ type }).flatMap((entry) =>
      isMenuGroup(entry) ? entry.children.map((child) => child.id) : [entry.id],
    ),
  );
}

interface ProfileCardProps {
  profile: Profile | undefined;
  /** The tree's totals; left out (with `statsFailed` and `revealed`) for a publisher, who has no tree. */
  stats?: DashboardStats | undefined;
  statsFailed?: boolean;
  revealed?: boolean;
  /** Shows the totals of the caller's tree (default). A publisher has neither lines nor resellers. */
  showTree?: boolean;
}

/**
 * docs/product/screens.md#dashboard profile card: who is signed in, the balance, the totals of its tree (users and resellers, the
 * same counts as the counters, so hidden behind the same eye) and quick links.
 */
export function ProfileCard({
  profile,
  stats,
  statsFailed = false,
  revealed = false,
  showTree = true,
}: ProfileCardProps) {
  if (!profile) {
    return (
      <Card withBorder radius="md" p="lg" data-testid="profile-card">
        <Stack>
          <Skeleton h={56} circle />
          <Skeleton h={16} w="60%" />
          <Skeleton h={24} w="40%" />
        </Stack>
      </Card>
    );
  }
  const openable = openableMenuItems(profile.type);
  const seesUsers = openable.has('users-list');
  const seesResellers = openable.has('resellers-list');
  return (
    <Card withBorder radius="md" p="lg" data-testid="profile-card">
      <Stack gap="md">
        <Group wrap="nowrap">
          <UserAvatar avatar={profile.avatar} alt={profile.username} size={56} radius="xl" />
          <div>
            <Text fw={700} size="lg" data-testid="profile-username">
              {profile.username}
            </Text>
            <Text size="sm" c="dimmed" data-testid="profile-type">
              {ACCOUNT_TYPE_LABELS[profile.type]}
            </Text>
          </div>
        </Group>
        <div>
          <Text size="sm" c="dimmed">
            Saldo de créditos
          </Text>
          <Text fw={700} size="xl" data-testid="profile-credits">
            {formatCredits(profile.credits)}
          </Text>
        </div>
        {showTree && (
          <SimpleGrid cols={2} spacing="xs">
            <div>
              <Text size="sm" c="dimmed">
                Usuários na rede
              </Text>
              <HiddenNumber
                value={stats?.users}
                revealed={revealed}
                failed={statsFailed}
                testId="profile-tree-users"
                fw={700}
                size="lg"
              />
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Revendas na rede
              </Text>
              <HiddenNumber
                value={stats?.resellers}
                revealed={revealed}
                failed={statsFailed}
                testId="profile-tree-resellers"
                fw={700}
                size="lg"
              />
            </div>
          </SimpleGrid>
        )}
        {(seesUsers || seesResellers) && <Divider />}
        <Stack gap="xs">
          {seesUsers && (
            <Button
              component={Link}
              to={paths.users}
              variant="light"
              justify="flex-start"
              leftSection={<IconUsers size={18} />}
              data-testid="quick-link-users"
            >
              {QUICK_LINKS.users}
            </Button>
          )}
          {seesResellers && (
            <Button
              component={Link}
              to={paths.resellers}
              variant="light"
              justify="flex-start"
              leftSection={<IconUsersGroup size={18} />}
              data-testid="quick-link-resellers"
            >
              {QUICK_LINKS.resellers}
            </Button>
          )}
          {seesUsers && <QuickTestLink />}
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * 'Criar teste rápido' opens /users on a trial with random credentials. With trials switched off by the
 * admin it would open a paid line's form, so it is disabled and says why.
 */
function QuickTestLink() {
  const { data: complements } = useComplements();
  const trialsOff = complementSetting(complements, 'trial_user_create_enabled') === 'false';
  const common = {
    variant: 'light',
    color: 'teal',
    justify: 'flex-start',
    leftSection: <IconFlask size={18} />,
    'data-testid': 'quick-link-quick-test',
  } as const;
  if (trialsOff) {
    return (
      <Stack gap={2}>
        <Button {...common} disabled>
          {QUICK_LINKS.quickTest}
        </Button>
        <Text size="xs" c="dimmed" data-testid="quick-link-quick-test-off">
          {LINE_MESSAGES.trialsDisabled}
        </Text>
      </Stack>
    );
  }
  return (
    <Button {...common} component={Link} to={paths.users} state={QUICK_TEST_STATE}>
      {QUICK_LINKS.quickTest}
    </Button>
  );
}
