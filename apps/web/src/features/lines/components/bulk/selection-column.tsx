import type { Line, LineSortField } from '@panel/shared/lines/line-api';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import css from './bulk.module.css';
import { BULK_TEXTS } from './bulk-texts';
import type { LineSelectionState } from './use-line-selection';

/**
 * The checkbox column of /users (decision 0151): a plain input per row, cheap on a 50-row page (decision
 * 0018); the header's ticks the whole page. On a card it sits beside the row's actions.
 */
export function selectionColumn(
  selection: LineSelectionState,
  pageIds: readonly number[],
): DataTableColumn<Line, LineSortField> {
  const byFilters = selection.selection.by === 'filters';
  const ticked = pageIds.filter((id) => selection.isSelected(id)).length;
  const wholePage = pageIds.length > 0 && ticked === pageIds.length;
  return {
    id: 'select',
    header: 'Selecionar',
    headerCell: (
      <input
        type="checkbox"
        className={css.check}
        aria-label={BULK_TEXTS.selectPage}
        checked={wholePage}
        disabled={byFilters || pageIds.length === 0}
        ref={(input) => {
          if (input) input.indeterminate = ticked > 0 && !wholePage;
        }}
        onChange={(event) => selection.togglePage(pageIds, event.currentTarget.checked)}
        data-testid="bulk-select-page-header"
      />
    ),
    cardPlacement: 'footer',
    cell: (line) => (
      <input
        type="checkbox"
        className={css.check}
        aria-label={BULK_TEXTS.selectLine(line.username)}
        checked={selection.isSelected(line.id)}
        disabled={byFilters}
        onChange={(event) => selection.toggle(line.id, event.currentTarget.checked)}
        data-testid="bulk-select-line"
      />
    ),
  };
}
