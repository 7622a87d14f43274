import { Card, Center, Grid, Group, Loader, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TopViewed } from '@panel/shared/analytics/analytics-api';
import { QueryBody } from '@/components/query-body';
import { useTopViewed } from '../api/get-top-viewed';
import { TOP_VIEWED_EMPTY, TOP_VIEWED_PERIOD, TOP_VIEWED_TITLES } from './dashboard-texts';

// The charting library (recharts under @mantine/charts) is ~100 kB gzipped: its own chunk, asked for
// when there is a chart to draw, never part of the dashboard's or any screen's first download (P4).
const TopViewedChart = lazy(() => import('./top-viewed-chart').then((m) => ({ default: m.TopViewedChart })));

type Kind = keyof typeof TOP_VIEWED_TITLES;

function TopViewedCard({ kind, query }: { kind: Kind; query: ReturnType<typeof useTopViewed> }) {
  const testId = `top-viewed-${kind}`;
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4}>{TOP_VIEWED_TITLES[kind]}</Title>
        {query.data && (
          <Text size="xs" c="dimmed" data-testid={`${testId}-period`}>
            {TOP_VIEWED_PERIOD(query.data.period)}
          </Text>
        )}
      </Group>
      <QueryBody
        query={query}
        testId={testId}
        compact
        isEmpty={(data: TopViewed) => data[kind].length === 0}
        empty={
          <Text size="sm" c="dimmed" ta="center" py="md" data-testid={`${testId}-empty`}>
            {TOP_VIEWED_EMPTY}
          </Text>
        }
      >
        {(data) => (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" data-testid={`${testId}-chart-loading`} />
              </Center>
            }
          >
            <TopViewedChart rows={data[kind]} testId={`${testId}-chart`} />
          </Suspense>
        )}
      </QueryBody>
    </Card>
  );
}

/** The dashboard's two bar charts: the most viewed movies and series (5 rows, 10 for admins). */
export function TopViewedCards() {
  const query = useTopViewed();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TopViewedCard kind="movies" query={query} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TopViewedCard kind="series" query={query} />
      </Grid.Col>
    </Grid>
  );
}
