import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCircleCheck,
  IconHourglass,
  IconProgress,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  CATALOG_REQUEST_STATUSES,
  MEDIA_TYPE_LABELS,
  type CatalogRequestStatus,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import {
  CATALOG_WORK_TEXTS as TEXTS,
  type CatalogQueueItem,
  type CatalogStatusCount,
} from '@panel/shared/dashboard/catalog-work';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { formatCount } from '@panel/shared/ui/ui-constants';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { paths } from '@/config/paths';
import { formatIsoDate } from '@/lib/format-date';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useCatalogWork } from '../api/get-catalog-work';
import { DASHBOARD_TITLE } from './dashboard-texts';
import { ProfileCard } from './profile-card';
import { TopViewedCards } from './top-viewed-cards';

const STATUS_LOOK: Record<CatalogRequestStatus, { icon: typeof IconHourglass; color: string }> = {
  0: { icon: IconZoomQuestion, color: 'gray' },
  2: { icon: IconHourglass, color: 'yellow' },
  3: { icon: IconProgress, color: 'blue' },
  1: { icon: IconCircleCheck, color: 'teal' },
};

/** A status's total, a skeleton while it loads. */
function StatusTotal({ row }: { row: CatalogStatusCount | undefined }) {
  return row ? (
    <Text fw={700} fz={28} lh={1.3} data-testid={`catalog-status-${row.status}-total`}>
      {formatCount(row.total)}
    </Text>
  ) : (
    <Skeleton h={36} w={64} mt={2} />
  );
}

/** The four statuses (docs/product/rules.md#catalog-and-domains): every request, and the publisher's own. */
function StatusCards({ statuses, failed }: { statuses: CatalogStatusCount[] | undefined; failed: boolean }) {
  return (
    // Two a row on a phone, so the queue below is in view (decision 0068).
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      {CATALOG_REQUEST_STATUSES.map((status) => {
        const { icon: Icon, color } = STATUS_LOOK[status];
        const row = statuses?.find((candidate) => candidate.status === status);
        return (
          <Card
            key={status}
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'lg' }}
            data-testid={`catalog-status-${status}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" c="dimmed">
                  {TEXTS.statusLabels[status]}
                </Text>
                {failed ? (
                  <Text fw={700} fz={28} lh={1.3} c="dimmed">
                    -
                  </Text>
                ) : (
                  <StatusTotal row={row} />
                )}
                {row && (
                  <Text size="xs" c="dimmed" data-testid={`catalog-status-${status}-mine`}>
                    {TEXTS.mine(row.mine)}
                  </Text>
                )}
              </div>
              <ThemeIcon variant="light" color={color} size={42} radius="md" visibleFrom="sm" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

const QUEUE_COLUMNS: DataTableColumn<CatalogQueueItem>[] = [
  {
    id: 'title',
    header: TEXTS.columns.title,
    cardPlacement: 'title',
    cell: (row) => (
      <Text span size="sm" fw={600} data-testid="catalog-queue-title">
        {row.media_title}
      </Text>
    ),
  },
  { id: 'type', header: TEXTS.columns.type, cell: (row) => MEDIA_TYPE_LABELS[row.media_type] },
  { id: 'created_at', header: TEXTS.columns.requestedAt, cell: (row) => formatIsoDate(row.created_at) },
  {
    id: 'publisher',
    header: TEXTS.columns.publisher,
    cell: (row) =>
      row.assigned_to_me ? (
        <Badge variant="light" color="teal" data-testid="catalog-queue-mine">
          {TEXTS.assignedToMe}
        </Badge>
      ) : (
        <Badge variant="light" color="gray" data-testid="catalog-queue-unassigned">
          {TEXTS.unassigned}
        </Badge>
      ),
  },
];

/**
 * /dashboard for a publisher (docs/product/screens.md#dashboard, decision 0068): what it works on, the
 * catalog requests, instead of the line counters and expirations of an account that has no lines: every
 * request by status with its own share, its queue (its own first, then the oldest without a publisher),
 * its balance, and what is watched most (the analytics are its screens too).
 */
export function PublisherDashboard({ profile }: { profile: Profile }) {
  const { data, error, isFetching, refetch } = useCatalogWork();
  const cardMode = useCardMode(profile.mobile_table_mode);

  return (
    <Stack gap="lg">
      <Title order={2}>{DASHBOARD_TITLE}</Title>
      <Stack gap="xs">
        <Title order={4}>{TEXTS.statusesTitle}</Title>
        {/* A failed load is said once, in the queue's card below, with its retry. */}
        <StatusCards statuses={data?.statuses} failed={error !== null && data === undefined} />
      </Stack>
      <Grid gap="md">
        {/* On a phone the queue comes first: it is the work. */}
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 2, md: 1 }}>
          <ProfileCard profile={profile} showTree={false} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 1, md: 2 }}>
          <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="catalog-queue-card">
            <Title order={4}>{TEXTS.queueTitle}</Title>
            <Text size="sm" c="dimmed" mb="sm">
              {TEXTS.queueHint}
            </Text>
            <DataTable
              testId="catalog-queue"
              ariaLabel={TEXTS.queueTitle}
              columns={QUEUE_COLUMNS}
              rows={data?.queue}
              rowKey={(row) => row.id}
              fetching={isFetching}
              error={error}
              onRetry={() => void refetch()}
              cardMode={cardMode}
              emptyText={TEXTS.queueEmpty}
              // Fits a phone's width without scrolling sideways.
              minWidth={320}
            />
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="sm" c="dimmed" data-testid="catalog-queue-shown">
                {data ? TEXTS.queueShown(data.queue.length, data.queue_total) : ''}
              </Text>
              <Button
                component={Link}
                to={paths.catalogRequests}
                variant="light"
                rightSection={<IconArrowRight size={16} />}
                data-testid="catalog-queue-see-all"
              >
                {TEXTS.seeAll}
              </Button>
            </Group>
          </Card>
        </Grid.Col>
      </Grid>
      <TopViewedCards />
    </Stack>
  );
}
