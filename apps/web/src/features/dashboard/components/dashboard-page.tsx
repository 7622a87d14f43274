import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCredits } from '@panel/shared/money/credits';
import type { AccountType, Profile } from '@panel/shared/profile/profile-schema';
import { UserAvatar } from '@/components/user-avatar';

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  admin: 'Administrador',
  publisher: 'Publisher',
  reseller: 'Revendedor',
};

interface DashboardPageProps {
  /** The signed-in profile; undefined while it loads. */
  profile: Profile | undefined;
}

/** /dashboard: the profile card. The counters, expirations and charts of spec §2 come with their API. */
export function DashboardPage({ profile }: DashboardPageProps) {
  return (
    <Stack gap="lg">
      <Title order={2}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder radius="md" p="lg" data-testid="profile-card">
          {profile ? (
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
            </Stack>
          ) : (
            <Stack>
              <Skeleton h={56} circle />
              <Skeleton h={16} w="60%" />
              <Skeleton h={24} w="40%" />
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
