import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { ListMeta } from '@panel/shared/lists/list-query';
import { PAGE_SIZES } from '@panel/shared/ui/ui-constants';
import { pageFooterText } from './footer-text';

export interface TableFooterProps {
  testId: string;
  /** `total_exact: false` (a capped count) shows "mais de N". */
  meta: ListMeta & { total_exact?: boolean };
  onPageChange: (page: number) => void;
  /** The page-size selector shows only with a handler. */
  onPerChange?: (per: number) => void;
  pageSizes?: readonly number[];
}

/** Page size (10, 15, 25, 30, 50), "Página X a Y - Quantidade Z" and the page buttons (docs/product/screens.md#shared-table-behaviour). */
export function TableFooter({
  testId,
  meta,
  onPageChange,
  onPerChange,
  pageSizes = PAGE_SIZES,
}: TableFooterProps) {
  // The last page emptied (a row removed, a filter narrowed elsewhere): show the new last page.
  useEffect(() => {
    if (meta.page > meta.pages) onPageChange(meta.pages);
  }, [meta.page, meta.pages, onPageChange]);

  return (
    <Group justify="space-between" gap="sm" mt="sm">
      <Group gap="sm">
        {onPerChange && (
          <NativeSelect
            aria-label="Itens por página"
            data-testid={`${testId}-page-size`}
            size="xs"
            w={80}
            value={String(meta.per)}
            data={pageSizes.map(String)}
            onChange={(event) => onPerChange(Number(event.currentTarget.value))}
          />
        )}
        <Text size="sm" c="dimmed" data-testid={`${testId}-footer`}>
          {pageFooterText(meta)}
        </Text>
      </Group>
      <Pagination
        size="sm"
        total={meta.pages}
        value={Math.min(meta.page, meta.pages)}
        onChange={onPageChange}
        hideWithOnePage
        aria-label="Paginação"
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}

const CONTROL_LABELS = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
} as const;
