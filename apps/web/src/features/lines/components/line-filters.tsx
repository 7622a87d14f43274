import { SimpleGrid } from '@mantine/core';
import { FilterSelect } from '@/components/data-table/filter-select';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import { ResellerSelect } from '@/components/reseller-select/reseller-select';
import type { LineListParams } from '../api/list-lines';

/** The filters of /users as they are stored per account (strings; '' and null mean 'Todos'). */
export type LineFilters = {
  search: string;
  /** Owner account id as a string; null = 'Todos' (every line in scope). */
  reseller: string | null;
  expirationInterval: NonNullable<LineListParams['expirationInterval']>;
  status: NonNullable<LineListParams['status']>;
  type: NonNullable<LineListParams['type']>;
  system: NonNullable<LineListParams['system']>;
};

/** docs/product/screens.md#users-filters: a non-admin's reseller filter starts at its own account; an admin's at 'Todos'. */
export function defaultLineFilters(profile: Pick<Profile, 'id' | 'type'>): LineFilters {
  return {
    search: '',
    reseller: profile.type === 'admin' ? null : String(profile.id),
    expirationInterval: '',
    status: '',
    type: '',
    system: '',
  };
}

/** The list call's filters: empty ones are left out by the query string. */
export function lineFilterParams(filters: LineFilters) {
  return {
    search: filters.search,
    reseller: filters.reseller ? Number(filters.reseller) : ('' as const),
    expirationInterval: filters.expirationInterval,
    status: filters.status,
    type: filters.type,
    system: filters.system,
  };
}

/** Mantine options need a non-empty value: 'all' stands for the empty filter. */
const ALL_VALUE = 'all';
const ALL = { value: ALL_VALUE, label: 'Todos' };
export const EXPIRY_OPTIONS = [
  ALL,
  { value: 'today', label: 'Hoje' },
  { value: '3days', label: '3 dias' },
  { value: '7days', label: '7 dias' },
  { value: '15days', label: '15 dias' },
  { value: '30days', label: '30 dias' },
];
/** docs/product/screens.md#users-filters: Ativo 1, Bloqueado 0, Expirado 3, Não expirado 4. */
export const STATUS_OPTIONS = [
  ALL,
  { value: '1', label: 'Ativo' },
  { value: '0', label: 'Bloqueado' },
  { value: '3', label: 'Expirado' },
  { value: '4', label: 'Não expirado' },
];
export const TYPE_OPTIONS = [ALL, { value: 'trial', label: 'Teste' }, { value: 'normal', label: 'Normal' }];
export const SYSTEM_OPTIONS = [
  ALL,
  { value: '1', label: 'IPTV' },
  { value: '2', label: 'P2P' },
  { value: '3', label: 'Híbrido' },
];

interface LineFiltersBarProps {
  filters: LineFilters;
  profile: Pick<Profile, 'id' | 'username'>;
  onChange: (patch: Partial<LineFilters>) => void;
}

/** Text (1 s / Enter), reseller, expiry, status, type and service; selects apply at once. */
export function LineFiltersBar({ filters, profile, onChange }: LineFiltersBarProps) {
  const select = <K extends Exclude<keyof LineFilters, 'search' | 'reseller'>>(
    key: K,
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <FilterSelect
      label={label}
      data={data}
      value={filters[key] || ALL_VALUE}
      onChange={(value) => onChange({ [key]: value === ALL_VALUE ? '' : value } as Partial<LineFilters>)}
      testId={`filter-${key === 'expirationInterval' ? 'expiry' : key}`}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
      <FilterTextInput
        label="Buscar"
        placeholder="Usuário, nome, nota ou MAC"
        value={filters.search}
        onApply={(search) => onChange({ search })}
        data-testid="filter-search"
      />
      <ResellerSelect
        label="Revenda"
        placeholder="Todos"
        valueKind="id"
        value={filters.reseller}
        selectedOption={{ label: profile.username, value: profile.id }}
        onChange={(reseller) => onChange({ reseller })}
        testId="filter-reseller"
        // Options mounted only while open, as the FilterSelects': a closed select's hidden options are
        // positioned on mount, a forced style recalculation of the whole page on every /users visit
        // (60–110 ms in the benchmark's profile, decision 0110).
        comboboxProps={{ keepMounted: false }}
      />
      {select('expirationInterval', 'Vencimento', EXPIRY_OPTIONS)}
      {select('status', 'Status', STATUS_OPTIONS)}
      {select('type', 'Tipo', TYPE_OPTIONS)}
      {select('system', 'Serviço', SYSTEM_OPTIONS)}
    </SimpleGrid>
  );
}
