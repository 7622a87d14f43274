import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
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
  groupBy?: (row: Row) => string;
}

/** Rows under their group key, groups in the order of their first row. */
export function groupRows<Row>(rows: Row[], groupBy: (row: Row) => string): { key: string; rows: Row[] }[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = groupBy(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return Array.from(groups, ([key, grouped]) => ({ key, rows: grouped }));
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

/** The single-column layout of a list on mobile (docs/product/screens.md#shared-table-behaviour): one card per row. */
export function MobileCardList<Row>({
  testId,
  ariaLabel,
  columns,
  rows,
  rowKey,
  emptyText,
  renderCard,
  groupBy,
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
  const card = (row: Row) => (
    <Card key={rowKey(row)} withBorder radius="md" p="sm" role="listitem" data-testid={`${testId}-card`}>
      {renderCard ? renderCard(row) : <DefaultCard row={row} columns={columns} />}
    </Card>
  );
  if (groupBy && rows.length > 0) {
    // One list per group, named by its heading.
    return (
      <Stack gap="md" data-testid={`${testId}-cards`} aria-label={ariaLabel}>
        {groupRows(rows, groupBy).map((group) => (
          <Stack key={group.key} gap="xs" data-testid={`${testId}-group`}>
            <Title order={5} c="dimmed" data-testid={`${testId}-group-heading`}>
              {group.key}
            </Title>
            <Stack gap="sm" role="list" aria-label={`${ariaLabel} ${group.key}`}>
              {group.rows.map(card)}
            </Stack>
          </Stack>
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
      {rows.map(card)}
    </Stack>
  );
}
