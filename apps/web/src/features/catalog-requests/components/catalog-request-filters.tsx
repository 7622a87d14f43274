import { SimpleGrid } from '@mantine/core';
import {
  CATALOG_REQUEST_STATUS_LABELS,
  CATALOG_REQUEST_STATUSES,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  RELEASE_YEAR_MAX,
  RELEASE_YEAR_MIN,
  type PublisherSummary,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { FilterSelect } from '@/components/data-table/filter-select';
import { FilterTextInput } from '@/components/data-table/filter-text-input';
import { REQUEST_TEXTS } from './request-texts';

const TEXTS = REQUEST_TEXTS.filters;

/** The filters of /requests/catalog as stored: '' means no filter. */
export type CatalogRequestFilters = {
  tmdb_id: string;
  text_search: string;
  reseller: string;
  publisher_id: string;
  media_type: string;
  release_year: string;
  status: string;
};

export const DEFAULT_REQUEST_FILTERS: CatalogRequestFilters = {
  tmdb_id: '',
  text_search: '',
  reseller: '',
  publisher_id: '',
  media_type: '',
  release_year: '',
  status: '',
};

const ALL = 'all';
const all = { value: ALL, label: TEXTS.all };
const TYPE_OPTIONS = [all, ...MEDIA_TYPES.map((type) => ({ value: type, label: MEDIA_TYPE_LABELS[type] }))];
const STATUS_OPTIONS = [
  all,
  ...CATALOG_REQUEST_STATUSES.map((status) => ({
    value: String(status),
    label: CATALOG_REQUEST_STATUS_LABELS[status],
  })),
];
// docs/product/screens.md#catalog-requests: release years 1940 to 2030, newest first.
const YEAR_OPTIONS = [
  all,
  ...Array.from({ length: RELEASE_YEAR_MAX - RELEASE_YEAR_MIN + 1 }, (_, index) => {
    const year = String(RELEASE_YEAR_MAX - index);
    return { value: year, label: year };
  }),
];

const orEmpty = (value: string) => (value === ALL ? '' : value);

interface Props {
  filters: CatalogRequestFilters;
  onChange: (patch: Partial<CatalogRequestFilters>) => void;
  /** Admins filter by publisher too (its column is theirs). */
  publishers?: PublisherSummary[];
}

/** TMDB ID (numeric), title, reseller, publisher (admin), media type, release year, status. */
export function CatalogRequestFiltersBar({ filters, onChange, publishers }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <FilterTextInput
        label={TEXTS.tmdbId}
        numeric
        value={filters.tmdb_id}
        onApply={(tmdb_id) => onChange({ tmdb_id })}
        data-testid="filter-tmdb-id"
      />
      <FilterTextInput
        label={TEXTS.title}
        value={filters.text_search}
        onApply={(text_search) => onChange({ text_search })}
        data-testid="filter-title"
      />
      <FilterTextInput
        label={TEXTS.reseller}
        value={filters.reseller}
        onApply={(reseller) => onChange({ reseller })}
        data-testid="filter-reseller"
      />
      {publishers && (
        <FilterSelect
          label={TEXTS.publisher}
          data={[all, ...publishers.map((row) => ({ value: String(row.id), label: row.username }))]}
          value={filters.publisher_id || ALL}
          onChange={(value) => onChange({ publisher_id: orEmpty(value) })}
          testId="filter-publisher"
        />
      )}
      <FilterSelect
        label={TEXTS.type}
        data={TYPE_OPTIONS}
        value={filters.media_type || ALL}
        onChange={(value) => onChange({ media_type: orEmpty(value) })}
        testId="filter-media-type"
      />
      <FilterSelect
        label={TEXTS.releaseYear}
        data={YEAR_OPTIONS}
        value={filters.release_year || ALL}
        onChange={(value) => onChange({ release_year: orEmpty(value) })}
        testId="filter-release-year"
      />
      <FilterSelect
        label={TEXTS.status}
        data={STATUS_OPTIONS}
        value={filters.status || ALL}
        onChange={(value) => onChange({ status: orEmpty(value) })}
        testId="filter-status"
      />
    </SimpleGrid>
  );
}
