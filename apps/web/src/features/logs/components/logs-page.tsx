import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { useLogList } from '../api/list-logs';
import { useLogDates } from '../hooks/use-log-dates';
import { LOG_COLUMNS, type LogSortField } from './log-columns';
import { LOGS_TITLE } from './log-texts';
import { DEFAULT_LOG_FILTERS, LogsFiltersBar, type LogFilters } from './logs-filters';

/** /logs (docs/product/screens.md#logs): everything done in the caller's subtree, newest first. */
export function LogsPage({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const list = useListState<LogFilters, LogSortField>({
    storageKey: `logs:${profile.id}`,
    defaultFilters: DEFAULT_LOG_FILTERS,
  });
  const { filters } = list;
  const { dates, error: periodError } = useLogDates(filters);
  const { data, isFetching, error, refetch } = useLogList({
    ...list.params,
    dates,
    types: filters.type,
    actions: filters.action,
    reseller: filters.reseller,
    target: filters.target,
    user: filters.user,
  });

  return (
    <ListLayout
      title={LOGS_TITLE}
      testId="logs"
      filters={<LogsFiltersBar filters={filters} periodError={periodError} onChange={list.setFilters} />}
    >
      <DataTable
        {...list.tableControls}
        testId="logs-table"
        ariaLabel={LOGS_TITLE}
        columns={LOG_COLUMNS}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        minWidth={960}
      />
    </ListLayout>
  );
}
