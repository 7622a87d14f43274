import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table-types';

interface MobileCardListProps<Row> {
  testId: string;
  ariaLabel: string;
  columns: DataTableColumn<Row, string>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  emptyText: string;
  renderCard?: (row: Row) => ReactNode;
}

function DefaultCard<Row>({ row, columns }: { row: Row; columns: DataTableColumn<Row, string>[] }) {
  const title = columns.filter((column) => column.cardPlacement === 'title');
  const body = columns.filter((column) => (column.cardPlacement ?? 'body') === 'body');
  const footer = columns.filter((column) => column.cardPlacement === 'footer');
  return (
    <Stack gap={6}>
      {title.map((column) => (
        <Text key={column.id} fw={700} component="div">
          {column.cell(row)}
        </Text>
      ))}
      {body.map((column) => (
        <Group key={column.id} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {column.header}
          </Text>
          <Text size="sm" component="div" ta="right">
            {column.cell(row)}
          </Text>
        </Group>
      ))}
      {footer.length > 0 && (
        <Group justify="flex-end" gap="xs">
          {footer.map((column) => (
            <div key={column.id}>{column.cell(row)}</div>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The single-column layout of a list on mobile (spec §2 mobile_table_mode): one card per row. */
export function MobileCardList<Row>({
  testId,
  ariaLabel,
  columns,
  rows,
  rowKey,
  emptyText,
  renderCard,
}: MobileCardListProps<Row>) {
  if (!rows) {
    return (
      <Stack data-testid={`${testId}-cards`} aria-busy>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={120} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid={`${testId}-cards`} role="list" aria-label={ariaLabel}>
      {rows.length === 0 && (
        <Text ta="center" c="dimmed" py="lg" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      )}
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder radius="md" p="sm" role="listitem" data-testid={`${testId}-card`}>
          {renderCard ? renderCard(row) : <DefaultCard row={row} columns={columns} />}
        </Card>
      ))}
    </Stack>
  );
}
