import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { SearchOption } from '@panel/shared/lists/list-query';
import { EMPTY_TABLE_TEXT } from '@/components/data-table/footer-text';
import { useResellerOptions } from './search-reseller-options';

/** Typing in a select asks the server after a short pause (the 1 s of docs/product/constants.md#timings is for list filters). */
export const RESELLER_SEARCH_DEBOUNCE_MS = 300;

interface ResellerSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'
> {
  /** What `value` holds: the account id as a string (transfer) or the username (list filters). */
  valueKind: 'id' | 'username';
  value: string | null;
  onChange: (value: string | null, option: SearchOption | null) => void;
  /** `data-testid` of the input. */
  testId?: string;
  /**
   * The option of a value set from outside (a preset such as the caller's own account), so an id shows
   * its username even before, or without, a search returning it.
   */
  selectedOption?: SearchOption | null;
}

/**
 * Searchable select of the resellers in the caller's scope (docs/product/screens.md#reseller-transfer, list filters). The server
 * searches; the chosen option stays shown even when a later search no longer returns it.
 */
export function ResellerSelect({
  valueKind,
  value,
  onChange,
  testId,
  selectedOption = null,
  ...props
}: ResellerSelectProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, RESELLER_SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<SearchOption | null>(null);
  const [shownValue, setShownValue] = useState(value);
  // Cleared from outside (a form reset): the typed search goes too.
  if (value !== shownValue) {
    setShownValue(value);
    if (value === null) setSearch('');
  }
  const { data: options = [], isFetching } = useResellerOptions(debouncedSearch.trim());

  const keyOf = (option: SearchOption) => (valueKind === 'id' ? String(option.value) : option.label);
  const items = options.map((option) => ({ value: keyOf(option), label: option.label }));
  if (value && !items.some((item) => item.value === value)) {
    // A username is its own label; an id needs the option it was picked from.
    if (valueKind === 'username') items.unshift({ value, label: value });
    else if (picked && keyOf(picked) === value) items.unshift({ value, label: picked.label });
    else if (selectedOption && keyOf(selectedOption) === value)
      items.unshift({ value, label: selectedOption.label });
  }

  return (
    <Select
      searchable
      clearable
      maxDropdownHeight={300}
      nothingFoundMessage={isFetching ? 'Buscando...' : EMPTY_TABLE_TEXT}
      {...props}
      data={items}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        const option = next ? (options.find((candidate) => keyOf(candidate) === next) ?? picked) : null;
        setPicked(option);
        onChange(next, option);
      }}
      data-testid={testId}
    />
  );
}
