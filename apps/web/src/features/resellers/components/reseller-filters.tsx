import { SimpleGrid } from '@mantine/core';
import { FilterSelect } from '@/components/data-table/filter-select';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import { ResellerSelect } from '@/components/reseller-select/reseller-select';

/** The filters of /resellers as they are stored (strings; null master = 'Todos'). */
export type ResellerFilters = {
  search: string;
  /** Exact username of the master: "Meus revendas" for a reseller (its own name by default). */
  master: string | null;
  id: string;
  ip: string;
  publisher: '' | '0' | '1';
  /** At least this many catalog requests (decision 0055). */
  requests: string;
};

export function defaultResellerFilters(profile: { username: string; type: string }): ResellerFilters {
  return {
    search: '',
    // docs/product/screens.md#resellers: a reseller's filter starts at its own username once the profile loads; an admin's at none.
    master: profile.type === 'admin' ? null : profile.username,
    id: '',
    ip: '',
    publisher: '',
    requests: '',
  };
}

const PUBLISHER_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: '1', label: 'Somente publishers' },
  { value: '0', label: 'Somente revendedores' },
];

interface ResellerFiltersProps {
  filters: ResellerFilters;
  isAdmin: boolean;
  onChange: (patch: Partial<ResellerFilters>) => void;
}

/** Everyone: username search and master; admins also ID (numeric), IP and publisher (docs/product/screens.md#resellers). */
export function ResellerFiltersBar({ filters, isAdmin, onChange }: ResellerFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: isAdmin ? 5 : 2 }} spacing="sm">
      <FilterTextInput
        label="Buscar"
        placeholder="Usuário"
        value={filters.search}
        onApply={(search) => onChange({ search })}
        data-testid="filter-search"
      />
      <ResellerSelect
        label="Revenda master"
        placeholder="Todos"
        valueKind="username"
        value={filters.master}
        onChange={(master) => onChange({ master })}
        testId="filter-master"
      />
      {isAdmin && (
        <>
          <FilterTextInput
            label="ID"
            numeric
            value={filters.id}
            onApply={(id) => onChange({ id })}
            data-testid="filter-id"
          />
          <FilterTextInput
            label="IP"
            value={filters.ip}
            onApply={(ip) => onChange({ ip })}
            data-testid="filter-ip"
          />
          <FilterSelect
            label="Publisher"
            data={PUBLISHER_OPTIONS}
            value={filters.publisher || 'all'}
            onChange={(value) => onChange({ publisher: value === '0' || value === '1' ? value : '' })}
            testId="filter-publisher"
          />
          <FilterTextInput
            label="Nr. Solicitações (mín.)"
            numeric
            value={filters.requests}
            onApply={(requests) => onChange({ requests })}
            data-testid="filter-requests"
          />
        </>
      )}
    </SimpleGrid>
  );
}
