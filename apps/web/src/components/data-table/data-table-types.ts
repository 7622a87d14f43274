import type { ReactNode } from 'react';

/** One column of a DataTable; in card mode it becomes one label/value line of each card. */
export interface DataTableColumn<Row, S extends string = string> {
  /** Unique in the table; the header gets `data-testid="sort-{id}"` when sortable. */
  id: string;
  header: string;
  /** What the table's header cell shows instead of `header` (the select-all checkbox of /users). */
  headerCell?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The API field a header click sorts by (none → asc → desc → none); absent: not sortable. */
  sortField?: S;
  /** Columns a role may not see (spec: "admin only") are hidden, not rendered empty. */
  hidden?: boolean;
  align?: 'left' | 'center' | 'right';
  /**
   * Stays at the right edge while the other columns scroll sideways: the row actions, reachable without
   * scrolling on any screen (decision 0028). One per table, the last column.
   */
  stickyEnd?: boolean;
  /**
   * Where the column goes in a card: `title` (bold first line, no label), `body` (label: value, the
   * default) or `footer` (actions, right-aligned at the bottom).
   */
  cardPlacement?: 'title' | 'body' | 'footer';
  /**
   * Columns shown inside this one so the list fits a 1366×768 laptop (decision 0073): each value on its
   * own line under this column's, each name after this one's in the header ('Usuário / Senha'), with its
   * own sort. A card shows them as lines of their own, like any column. A hidden one is left out.
   */
  merged?: DataTableColumn<Row, S>[];
  /**
   * The value as a line inside the column this one is merged into, when it reads differently there
   * ('2 telas' rather than '2'); null leaves the line out (no MAC). Default: `cell`.
   */
  mergedCell?: (row: Row) => ReactNode;
}
