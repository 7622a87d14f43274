import { ActionIcon, Grid, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { CounterCards } from './counter-cards';
import { DASHBOARD_TITLE, HIDE_NUMBERS, SHOW_NUMBERS } from './dashboard-texts';
import { ExpiringLinesCard } from './expiring-lines-card';
import { ProfileCard } from './profile-card';
import type { RenewalDialogs } from './renewal-dialogs';
import { TopViewedCards } from './top-viewed-cards';

interface DashboardPageProps {
  /** The signed-in profile; undefined while it loads. */
  profile: Profile | undefined;
  /** The line dialogs of 'Próximos vencimentos' (the /users ones, wired by app/). */
  renewalDialogs: RenewalDialogs;
}

/**
 * /dashboard (docs/product/screens.md#dashboard): counters behind one eye toggle, the profile card,
 * 'Próximos vencimentos' and the top-viewed bar charts (their library is a lazy chunk, decision 0058).
 */
export function DashboardPage({ profile, renewalDialogs }: DashboardPageProps) {
  // Hidden on every visit: the numbers show only after the eye is clicked (someone may be looking).
  const [revealed, setRevealed] = useState(false);
  const { data: stats, isError: statsFailed } = useDashboardStats();
  const cardMode = useCardMode(profile?.mobile_table_mode);
  const toggleLabel = revealed ? HIDE_NUMBERS : SHOW_NUMBERS;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{DASHBOARD_TITLE}</Title>
        <Tooltip label={toggleLabel} withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={toggleLabel}
            aria-pressed={revealed}
            onClick={() => setRevealed((current) => !current)}
            data-testid="counters-toggle"
          >
            {revealed ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <CounterCards stats={stats} failed={statsFailed} revealed={revealed} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ProfileCard profile={profile} stats={stats} statsFailed={statsFailed} revealed={revealed} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <ExpiringLinesCard cardMode={cardMode} renewalDialogs={renewalDialogs} />
        </Grid.Col>
      </Grid>
      <TopViewedCards />
    </Stack>
  );
}
