import { useState } from 'react';
import type { BulkFiltersInput, BulkKind } from '@panel/shared/line-bulk/bulk-api';
import type { Line } from '@panel/shared/lines/line-api';
import { lazyModal } from '@/components/lazy-modal';
import type { LineListParams } from '../../api/list-lines';
import { BulkToolbar } from './bulk-toolbar';
import type { LineSelectionState } from './use-line-selection';

// Fetched when an action is chosen: /users' first download stays the table (P4).
const BulkActionDialog = lazyModal(() => import('./bulk-action-dialog').then((m) => m.BulkActionDialog));

interface UsersBulkBarProps {
  selection: LineSelectionState;
  rows: Line[] | undefined;
  meta: { total: number; total_exact: boolean } | undefined;
  filters: BulkFiltersInput;
}

/** The bulk actions of /users: the selection toolbar and, once an action is chosen, its dialog. */
export function UsersBulkBar({ selection, rows, meta, filters }: UsersBulkBarProps) {
  const [kind, setKind] = useState<BulkKind | null>(null);
  return (
    <>
      <BulkToolbar
        selection={selection}
        pageIds={rows?.map((row) => row.id) ?? []}
        total={meta?.total ?? 0}
        totalExact={meta?.total_exact ?? true}
        onAction={setKind}
      />
      {kind && (
        <BulkActionDialog
          kind={kind}
          selection={selection.selection}
          filters={filters}
          onClose={(ran) => {
            setKind(null);
            if (ran) selection.clear();
          }}
        />
      )}
    </>
  );
}

/** The list's query without its page, empty filters left out: what "every line matching the filters" means. */
export function bulkFiltersOf(params: LineListParams): BulkFiltersInput {
  const { page: _page, per: _per, ...rest } = params;
  return Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as BulkFiltersInput;
}
