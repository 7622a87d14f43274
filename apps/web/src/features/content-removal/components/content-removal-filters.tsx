import { SimpleGrid } from '@mantine/core';
import {
  MEDIA_TYPE_CODES,
  MEDIA_TYPE_LABELS,
  REMOVAL_STATUS_CODES,
  REMOVAL_STATUS_LABELS,
} from '@panel/shared/content-removal/content-removal-api';
import { FilterSelect } from '@/components/data-table/filter-select';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import { REMOVAL_TEXTS as TEXTS } from './content-removal-texts';

/** The filters as stored: '' means no filter. */
export type RemovalFilters = {
  id: string;
  title: string;
  mediaType: string;
  reseller: string;
  status: string;
};

export const DEFAULT_REMOVAL_FILTERS: RemovalFilters = {
  id: '',
  title: '',
  mediaType: '',
  reseller: '',
  status: '',
};

const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: TEXTS.all },
  ...MEDIA_TYPE_CODES.map((code) => ({ value: String(code), label: MEDIA_TYPE_LABELS[code] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: TEXTS.all },
  ...REMOVAL_STATUS_CODES.map((code) => ({ value: String(code), label: REMOVAL_STATUS_LABELS[code] })),
];

interface RemovalFiltersProps {
  filters: RemovalFilters;
  onChange: (patch: Partial<RemovalFilters>) => void;
}

/** docs/product/screens.md#content-removal: ID, title, media type, reseller, status. */
export function RemovalFiltersBar({ filters, onChange }: RemovalFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      <FilterTextInput
        label={TEXTS.id}
        numeric
        value={filters.id}
        onApply={(id) => onChange({ id })}
        data-testid="filter-id"
      />
      <FilterTextInput
        label={TEXTS.title}
        value={filters.title}
        onApply={(title) => onChange({ title })}
        data-testid="filter-title"
      />
      <FilterSelect
        label={TEXTS.type}
        data={TYPE_OPTIONS}
        value={filters.mediaType || ALL}
        onChange={(value) => onChange({ mediaType: value !== ALL ? value : '' })}
        testId="filter-media-type"
      />
      <FilterTextInput
        label={TEXTS.reseller}
        value={filters.reseller}
        onApply={(reseller) => onChange({ reseller })}
        data-testid="filter-reseller"
      />
      <FilterSelect
        label={TEXTS.status}
        data={STATUS_OPTIONS}
        value={filters.status || ALL}
        onChange={(value) => onChange({ status: value !== ALL ? value : '' })}
        testId="filter-status"
      />
    </SimpleGrid>
  );
}
