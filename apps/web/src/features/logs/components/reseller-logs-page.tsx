import { SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RESELLER_LOG_ACTIONS, RESELLER_LOG_TYPES } from '@panel/shared/logs/log-codes';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import { ListLayout } from '@/components/data-table/list-layout';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { useLogList } from '../api/list-logs';
import { useLogDates } from '../hooks/use-log-dates';
import type { LogPeriodPreset } from '../lib/log-period';
import { RESELLER_LOG_COLUMNS, type LogSortField } from './log-columns';
import { RESELLER_LOGS_TITLE } from './log-texts';
import { PeriodFilter } from './period-filter';

type ResellerLogFilters = {
  reseller: string;
  target: string;
  period: LogPeriodPreset;
  from: string;
  to: string;
};

const DEFAULTS: ResellerLogFilters = { reseller: '', target: '', period: '6months', from: '', to: '' };
// docs/product/screens.md#reseller-logs: /resellers/logs shows credit moves and reseller creations.
const ACTIONS = RESELLER_LOG_ACTIONS.join(',');
const TYPES = RESELLER_LOG_TYPES.join(',');

/**
 * /resellers/logs (docs/product/screens.md#reseller-logs). 'Revendedor' filters who acted, 'Alvo' whom it was done to (decision
 * 0027). `?target=name` (the row action "Logs" of /resellers: that reseller's credit statement)
 * replaces the stored filters with that target.
 */
export function ResellerLogsPage({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useListState<ResellerLogFilters, LogSortField>({
    storageKey: `reseller-logs:${profile.id}`,
    defaultFilters: DEFAULTS,
  });
  const { filters, setFilters } = list;

  const linkedTarget = searchParams.get('target');
  useEffect(() => {
    if (linkedTarget === null) return;
    setFilters({ reseller: '', target: linkedTarget });
    setSearchParams({}, { replace: true });
  }, [linkedTarget, setFilters, setSearchParams]);

  const { dates, error: periodError } = useLogDates(filters);
  const { data, isFetching, error, refetch } = useLogList({
    ...list.params,
    dates,
    actions: ACTIONS,
    types: TYPES,
    reseller: linkedTarget === null ? filters.reseller : '',
    target: linkedTarget ?? filters.target,
  });

  return (
    <ListLayout
      title={RESELLER_LOGS_TITLE}
      testId="reseller-logs"
      filters={
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <FilterTextInput
            label="Revendedor"
            value={filters.reseller}
            onApply={(reseller) => setFilters({ reseller })}
            data-testid="filter-reseller"
          />
          <FilterTextInput
            label="Alvo"
            value={filters.target}
            onApply={(target) => setFilters({ target })}
            data-testid="filter-target"
          />
          <PeriodFilter value={filters} onChange={setFilters} error={periodError} />
        </SimpleGrid>
      }
    >
      <DataTable
        {...list.tableControls}
        testId="reseller-logs-table"
        ariaLabel={RESELLER_LOGS_TITLE}
        columns={RESELLER_LOG_COLUMNS}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        minWidth={640}
      />
    </ListLayout>
  );
}
