import { ActionIcon, Group, Image, Text } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ANALYTICS_PERIODS,
  ANALYTICS_WHOLE_PERIOD,
  type AnalyticsPeriod,
  type AnalyticsRow,
  type AnalyticsType,
} from '@panel/shared/analytics/analytics-api';
import {
  CONTENT_REMOVAL_MESSAGES,
  MEDIA_TYPE_OF_ANALYTICS,
  REMOVAL_STATUS,
  removalStatusLabel,
} from '@panel/shared/content-removal/content-removal-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { FilterSelect } from '@/components/data-table/filter-select';
import { ListLayout } from '@/components/data-table/list-layout';
import { LightBadge } from '@/components/light/light-badge';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useAnalyticsList } from '../api/list-analytics';
import { useSendToGarbage } from '../api/send-to-garbage';
import { ANALYTICS_PERIOD_LABELS, ANALYTICS_TEXTS as TEXTS, ANALYTICS_TYPE_LABELS } from './analytics-texts';

const PERIOD_OPTIONS = ANALYTICS_PERIODS.map((period) => ({
  value: String(period),
  label: ANALYTICS_PERIOD_LABELS[period],
}));

const isPeriod = (value: number): value is AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly number[]).includes(value);

function Poster({ row }: { row: AnalyticsRow }) {
  const [failed, setFailed] = useState(false);
  if (!row.image || failed) {
    return (
      <IconPhotoOff size={28} stroke={1.4} aria-label={TEXTS.noPoster} data-testid="analytics-no-poster" />
    );
  }
  return (
    <Image
      src={row.image}
      alt={row.title}
      w={40}
      h={56}
      fit="cover"
      radius="sm"
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * /admin/analytics/{type} (docs/product/screens.md#analytics, decision 0057): the library's views in a
 * period (whole period = 90 days, today, 3 … 60 days), most viewed first, with a trash action that sends
 * the item to content removal (a proposal the admin decides on: decision 0056).
 */
export function AnalyticsPage({ profile, type }: { profile: Profile; type: AnalyticsType }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const list = useListState<{ period: number }, 'total'>({
    storageKey: `analytics:${type}:${profile.id}`,
    defaultFilters: { period: ANALYTICS_WHOLE_PERIOD },
    defaultSort: { field: 'total', direction: 'desc' },
  });
  const period = isPeriod(list.filters.period) ? list.filters.period : ANALYTICS_WHOLE_PERIOD;
  const { data, isFetching, error, refetch } = useAnalyticsList({ ...list.params, type, period });
  const send = useSendToGarbage();
  const [sending, setSending] = useState<number | null>(null);

  const onTrash = (row: AnalyticsRow) => {
    setSending(row.id);
    send.mutate(
      { media_type: MEDIA_TYPE_OF_ANALYTICS[type], media_id: row.id },
      {
        onSuccess: () => showSuccessToast(CONTENT_REMOVAL_MESSAGES.sent),
        onError: showErrorToast,
        onSettled: () => setSending(null),
      },
    );
  };

  const columns: DataTableColumn<AnalyticsRow, 'total'>[] = [
    { id: 'poster', header: TEXTS.poster, cell: (row) => <Poster row={row} /> },
    {
      id: 'title',
      header: TEXTS.itemTitle,
      cardPlacement: 'title',
      cell: (row) => (
        <Group gap={6}>
          <Text size="sm">{row.title}</Text>
          {row.removal_status === REMOVAL_STATUS.queued && (
            <LightBadge color="yellow" keepCase data-testid="analytics-queued">
              {removalStatusLabel(row.removal_status)}
            </LightBadge>
          )}
        </Group>
      ),
    },
    {
      id: 'total',
      header: TEXTS.views,
      sortField: 'total',
      align: 'right',
      cell: (row) => (
        <span data-testid="analytics-views">
          {row.total.toLocaleString('pt-BR')} ({row.percentage.toLocaleString('pt-BR')}%)
        </span>
      ),
    },
    {
      id: 'actions',
      header: TEXTS.actions,
      cardPlacement: 'footer',
      stickyEnd: true,
      cell: (row) => (
        <ActionIcon
          variant="light"
          color="red"
          aria-label={`${CONTENT_REMOVAL_MESSAGES.sendAction}: ${row.title}`}
          title={CONTENT_REMOVAL_MESSAGES.sendAction}
          loading={sending === row.id}
          // Already queued: nothing more to send (decision 0057).
          disabled={row.removal_status === REMOVAL_STATUS.queued}
          onClick={() => onTrash(row)}
          data-testid="analytics-trash"
        >
          <IconTrash size={18} />
        </ActionIcon>
      ),
    },
  ];

  const title = `${TEXTS.title} - ${ANALYTICS_TYPE_LABELS[type]}`;
  return (
    <ListLayout
      title={title}
      testId="analytics"
      filters={
        <FilterSelect
          label={TEXTS.period}
          data={PERIOD_OPTIONS}
          value={String(period)}
          onChange={(value) => list.setFilters({ period: Number(value) })}
          testId="analytics-period"
        />
      }
    >
      <DataTable
        {...list.tableControls}
        testId="analytics-table"
        ariaLabel={title}
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        minWidth={420}
      />
    </ListLayout>
  );
}
