import { useState } from 'react';
import { BULK_LINE_LIMIT } from '@panel/shared/line-bulk/bulk-limits';

/** Ticked lines, or every line matching the filters (the server resolves them, at most 1.000). */
export type LineSelection = { by: 'ids'; ids: ReadonlySet<number> } | { by: 'filters' };

const NONE: LineSelection = { by: 'ids', ids: new Set() };

/**
 * The selection of /users (decision 0151): ids ticked on any page, kept while paging, or "every line matching
 * the filters". A change of filters or sort clears it, so it never holds lines the list no longer shows.
 */
export function useLineSelection(resetKey: string) {
  const [selection, setSelection] = useState<LineSelection>(NONE);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setSelection(NONE);
  }
  const ids = selection.by === 'ids' ? selection.ids : null;

  const setIds = (change: (next: Set<number>) => void) =>
    setSelection((current) => {
      const next = new Set(current.by === 'ids' ? current.ids : []);
      change(next);
      return { by: 'ids', ids: next };
    });

  return {
    selection,
    isSelected: (id: number) => selection.by === 'filters' || (ids?.has(id) ?? false),
    /** How many lines are selected: the ticked ones, or the list's total capped at the limit. */
    count: (matching: number) =>
      selection.by === 'filters' ? Math.min(matching, BULK_LINE_LIMIT) : (ids?.size ?? 0),
    toggle: (id: number, on: boolean) =>
      setIds((next) => {
        if (on && next.size < BULK_LINE_LIMIT) next.add(id);
        else next.delete(id);
      }),
    togglePage: (pageIds: readonly number[], on: boolean) =>
      setIds((next) => {
        for (const id of pageIds) {
          if (on && next.size < BULK_LINE_LIMIT) next.add(id);
          else if (!on) next.delete(id);
        }
      }),
    selectMatching: () => setSelection({ by: 'filters' }),
    clear: () => setSelection(NONE),
  };
}

export type LineSelectionState = ReturnType<typeof useLineSelection>;
