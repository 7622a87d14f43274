import { Box, Skeleton, Table, Text, useTableContext } from '@mantine/core';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import type { ListMeta } from '@panel/shared/lists/list-query';
import { LoadFailure } from '@/components/load-failure';
import type { SortState } from '@/lib/list-state/sort-cycle';
import css from './data-table.module.css';
import type { DataTableColumn } from './data-table-types';
import { EMPTY_TABLE_TEXT } from './footer-text';
import { MobileCardList } from './mobile-card-list';
import { ariaSortOf, SortHeader } from './sort-header';
import { TableFooter } from './table-footer';

// The overlay shows only while a later page loads over rows already shown: fetched then, not with the page.
const FetchingOverlay = lazy(() =>
  import('./fetching-overlay').then((m) => ({ default: m.FetchingOverlay })),
);

export interface DataTableProps<Row, S extends string = string> {
  /**
   * Test ids: `{testId}` (table), `{testId}-row` (each row), `{testId}-cards` / `{testId}-card` (card
   * mode), `{testId}-empty`, `{testId}-footer` (the "Página …" text), `{testId}-page-size`.
   */
  testId: string;
  /** Accessible name of the table or card list. */
  ariaLabel: string;
  columns: DataTableColumn<Row, S>[];
  /** Undefined while the first page loads (skeleton); an empty array shows "Nenhum Resultado". */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** A later page or filter is loading over the rows already shown. */
  fetching?: boolean;
  /**
   * The list query's error. Shown, in the catalogue's words, with 'Tentar novamente' (`onRetry`) above
   * the rows, or instead of them when there are none: a failed list never stays on its skeleton.
   */
  error?: unknown;
  /** Asks for the list again (the query's `refetch`). */
  onRetry?: () => void;
  sort?: SortState<S>;
  onSortChange?: (field: S) => void;
  /** Cards instead of a table: see useCardMode (profile.mobile_table_mode on a phone or narrow window). */
  cardMode?: boolean;
  /** Replaces the default card (the columns as label/value lines). */
  renderCard?: (row: Row) => ReactNode;
  emptyText?: string;
  /**
   * Card mode only: cards grouped under a heading per key (e.g. the expiry date of /users). Groups come
   * in the order their first row has on the page; rows keep their order inside a group. So the list is
   * asked in the key's order (/users asks by expiry when it has no sort of its own).
   */
  cardGroupBy?: (row: Row) => string;
  /** With meta, the footer (page size, "Página X a Y - Quantidade Z", pages) is shown. */
  meta?: ListMeta & { total_exact?: boolean };
  onPageChange?: (page: number) => void;
  onPerChange?: (per: number) => void;
  /** The table scrolls sideways below this width instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * The panel's one paginated table (docs/product/screens.md#shared-table-behaviour). It only renders: the page,
 * size, sort and filters live in useListState, the data in the feature's query. See README.md here.
 */
export function DataTable<Row, S extends string = string>(props: DataTableProps<Row, S>) {
  const { testId, ariaLabel, rows, rowKey, fetching = false, sort, onSortChange, cardMode = false } = props;
  const { emptyText = EMPTY_TABLE_TEXT, meta, onPageChange, onPerChange, minWidth = 700 } = props;
  const { error, onRetry } = props;
  const columns = visibleColumns(props.columns);
  // A query's error is null while it is fine; a retry clears it, or keeps it beside stale rows until it lands.
  const failure =
    error !== undefined && error !== null ? (
      <LoadFailure error={error} onRetry={onRetry} retrying={fetching} testId={`${testId}-error`} />
    ) : null;
  // Nothing to show but the failure: it stands alone, outside any table that could scroll it off-screen.
  if (failure && rows === undefined) return failure;

  const refetching =
    fetching && rows !== undefined ? (
      <Suspense fallback={null}>
        <FetchingOverlay />
      </Suspense>
    ) : null;

  const footer =
    meta && onPageChange ? (
      <TableFooter testId={testId} meta={meta} onPageChange={onPageChange} onPerChange={onPerChange} />
    ) : null;

  if (cardMode) {
    return (
      <Box pos="relative">
        {refetching}
        {failure}
        <MobileCardList
          testId={testId}
          ariaLabel={ariaLabel}
          columns={
            columns.flatMap((column) => [column, ...(column.merged ?? [])]) as DataTableColumn<Row, string>[]
          }
          rows={rows}
          rowKey={rowKey}
          emptyText={emptyText}
          renderCard={props.renderCard}
          groupBy={props.cardGroupBy}
        />
        {footer}
      </Box>
    );
  }

  return (
    <Box pos="relative">
      {refetching}
      {failure}
      {/* The scrollbar shows whenever the table is wider than the page, not only on hover. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto' }}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          className={css.table}
          data-testid={testId}
          aria-label={ariaLabel}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.id}
                  ta={column.align}
                  className={column.stickyEnd ? css.stickyEnd : undefined}
                  aria-sort={headerAriaSort(column, sort)}
                >
                  {column.headerCell ??
                    (column.merged ? (
                      <div className={css.mergedHeader}>
                        <HeaderLabel column={column} sort={sort} onSortChange={onSortChange} />
                        {column.merged.map((inner) => (
                          <Fragment key={inner.id}>
                            <span className={css.headerSeparator}> / </span>
                            <HeaderLabel column={inner} sort={sort} onSortChange={onSortChange} />
                          </Fragment>
                        ))}
                      </div>
                    ) : (
                      <HeaderLabel column={column} sort={sort} onSortChange={onSortChange} />
                    ))}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined &&
              [0, 1, 2].map((index) => (
                <Table.Tr key={index} aria-busy>
                  <Table.Td colSpan={columns.length}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="md" data-testid={`${testId}-empty`}>
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows && rows.length > 0 && (
              <BodyRows testId={testId} columns={columns} rows={rows} rowKey={rowKey} />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Box>
  );
}

/** The columns a role may see, and of each the merged columns it may see. */
function visibleColumns<Row, S extends string>(
  columns: DataTableColumn<Row, S>[],
): DataTableColumn<Row, S>[] {
  return columns
    .filter((column) => !column.hidden)
    .map((column) =>
      column.merged ? { ...column, merged: column.merged.filter((inner) => !inner.hidden) } : column,
    );
}

/** A header cell's aria-sort: the order of whichever of its columns the list is sorted by. */
function headerAriaSort<Row, S extends string>(
  column: DataTableColumn<Row, S>,
  sort: SortState<S> | undefined,
) {
  const fields = [column, ...(column.merged ?? [])].flatMap((each) =>
    each.sortField ? [each.sortField] : [],
  );
  if (fields.length === 0) return undefined;
  return fields.map((field) => ariaSortOf(sort, field)).find((state) => state !== 'none') ?? 'none';
}

interface HeaderLabelProps<Row, S extends string> {
  column: DataTableColumn<Row, S>;
  sort: SortState<S> | undefined;
  onSortChange: ((field: S) => void) | undefined;
}

/** A column's name in the header: its sort button when the API sorts by it. */
function HeaderLabel<Row, S extends string>({ column, sort, onSortChange }: HeaderLabelProps<Row, S>) {
  if (!column.sortField || !onSortChange) return column.header;
  return (
    <SortHeader
      columnId={column.id}
      label={column.header}
      field={column.sortField}
      sort={sort}
      onSort={onSortChange}
    />
  );
}

/** A cell: the column's value, then each merged column's on a line of its own. */
function cellOf<Row, S extends string>(column: DataTableColumn<Row, S>, row: Row): ReactNode {
  if (!column.merged || column.merged.length === 0) return column.cell(row);
  return (
    <>
      {column.cell(row)}
      {column.merged.map((inner) => {
        const value = inner.mergedCell ? inner.mergedCell(row) : inner.cell(row);
        return value === null || value === undefined ? null : (
          <div key={inner.id} className={css.mergedLine}>
            {value}
          </div>
        );
      })}
    </>
  );
}

interface BodyRowsProps<Row, S extends string> {
  testId: string;
  columns: DataTableColumn<Row, S>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
}

/**
 * The data rows as plain <tr>/<td> carrying exactly the classes and data attributes Table.Tr/Table.Td
 * would render (read once from the Table's context): 50 rows × 12 cells of Mantine components were a
 * measurable part of the render cost of a list page (benchmark P5).
 */
function BodyRows<Row, S extends string>({ testId, columns, rows, rowKey }: BodyRowsProps<Row, S>) {
  const ctx = useTableContext();
  const tr = ctx.getStyles('tr');
  const td = ctx.getStyles('td');
  const columnBorder = ctx.withColumnBorders ? true : undefined;
  const tdStyles = columns.map((column) =>
    column.align ? { ...td.style, textAlign: column.align } : td.style,
  );
  const tdClasses = columns.map((column) =>
    column.stickyEnd ? `${td.className} ${css.stickyEnd}` : td.className,
  );
  return rows.map((row) => (
    <tr
      key={rowKey(row)}
      className={tr.className}
      style={tr.style}
      data-with-row-border={ctx.withRowBorders ? true : undefined}
      data-striped={ctx.striped}
      data-hover={ctx.highlightOnHover ? true : undefined}
      data-testid={`${testId}-row`}
    >
      {columns.map((column, index) => (
        <td
          key={column.id}
          className={tdClasses[index]}
          style={tdStyles[index]}
          data-with-column-border={columnBorder}
        >
          {cellOf(column, row)}
        </td>
      ))}
    </tr>
  ));
}
