import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { SortState } from '@/lib/list-state/sort-cycle';

interface SortHeaderProps<S extends string> {
  columnId: string;
  label: string;
  field: S;
  sort: SortState<S> | undefined;
  onSort: (field: S) => void;
}

export function ariaSortOf<S extends string>(sort: SortState<S> | undefined, field: S) {
  if (!sort || sort.field !== field) return 'none' as const;
  return sort.direction === 'asc' ? ('ascending' as const) : ('descending' as const);
}

/** A header that sorts its column; the arrow shows the current direction. */
export function SortHeader<S extends string>({ columnId, label, field, sort, onSort }: SortHeaderProps<S>) {
  const state = ariaSortOf(sort, field);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(field)}
      data-testid={`sort-${columnId}`}
      data-sort={state}
      fw={700}
      fz="sm"
    >
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} stroke={1.8} opacity={state === 'none' ? 0.4 : 1} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
