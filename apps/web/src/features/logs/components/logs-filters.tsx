import { SimpleGrid } from '@mantine/core';
import { FilterSelect } from '@/components/data-table/filter-select';
import { LOG_ACTION_LABELS, LOG_ACTIONS, LOG_TYPE_LABELS, LOG_TYPES } from '@panel/shared/logs/log-codes';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import type { LogPeriodPreset } from '../lib/log-period';
import { PeriodFilter } from './period-filter';

/** The filters of /logs as stored: '' means every type / action. */
export type LogFilters = {
  type: string;
  action: string;
  period: LogPeriodPreset;
  from: string;
  to: string;
  reseller: string;
  target: string;
  user: string;
};

export const DEFAULT_LOG_FILTERS: LogFilters = {
  type: '',
  action: '',
  // docs/product/constants.md#log-codes: the default period is the last 6 months.
  period: '6months',
  from: '',
  to: '',
  reseller: '',
  target: '',
  user: '',
};

const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: 'Todos' },
  ...LOG_TYPES.map((code) => ({ value: code, label: LOG_TYPE_LABELS[code] })),
];
const ACTION_OPTIONS = [
  { value: ALL, label: 'Todas' },
  ...LOG_ACTIONS.map((code) => ({ value: code, label: LOG_ACTION_LABELS[code] })),
];

interface LogsFiltersProps {
  filters: LogFilters;
  periodError?: string;
  onChange: (patch: Partial<LogFilters>) => void;
}

/** The /logs filters (docs/product/screens.md#logs): type, period, reseller, target, user, action. */
export function LogsFiltersBar({ filters, periodError, onChange }: LogsFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <FilterSelect
        label="Tipo"
        data={TYPE_OPTIONS}
        value={filters.type || ALL}
        onChange={(value) => onChange({ type: value !== ALL ? value : '' })}
        testId="filter-type"
      />
      <FilterSelect
        label="Ação"
        data={ACTION_OPTIONS}
        value={filters.action || ALL}
        onChange={(value) => onChange({ action: value !== ALL ? value : '' })}
        testId="filter-action"
      />
      <PeriodFilter value={filters} onChange={onChange} error={periodError} />
      <FilterTextInput
        label="Revenda"
        value={filters.reseller}
        onApply={(reseller) => onChange({ reseller })}
        data-testid="filter-reseller"
      />
      <FilterTextInput
        label="Alvo"
        value={filters.target}
        onApply={(target) => onChange({ target })}
        data-testid="filter-target"
      />
      <FilterTextInput
        label="Usuário"
        value={filters.user}
        onApply={(user) => onChange({ user })}
        data-testid="filter-user"
      />
    </SimpleGrid>
  );
}
