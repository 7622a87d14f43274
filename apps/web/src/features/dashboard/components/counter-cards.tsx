import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconPlugConnected,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconWifi,
} from '@tabler/icons-react';
import type { DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import { COUNTERS } from './dashboard-texts';
import { HiddenNumber } from './hidden-number';

const ICONS: Record<keyof DashboardStats, typeof IconUsers> = {
  resellers: IconUsersGroup,
  users: IconUsers,
  users_active: IconUserCheck,
  users_new: IconUserPlus,
  users_online: IconWifi,
  conections_online: IconPlugConnected,
};

interface CounterCardsProps {
  stats: DashboardStats | undefined;
  failed: boolean;
  revealed: boolean;
}

/** The six counter cards of docs/product/screens.md#dashboard. */
export function CounterCards({ stats, failed, revealed }: CounterCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      {COUNTERS.map(({ key, label, testId }) => {
        const Icon = ICONS[key];
        return (
          <Card key={key} withBorder radius="md" p="lg" data-testid={testId}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <HiddenNumber
                  value={stats?.[key]}
                  revealed={revealed}
                  failed={failed}
                  testId={`${testId}-value`}
                  fw={700}
                  fz={28}
                  lh={1.3}
                />
              </div>
              <ThemeIcon variant="light" size={42} radius="md" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
