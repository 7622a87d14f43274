import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { FILTER_DEBOUNCE_MS } from '@panel/shared/ui/ui-constants';

export interface FilterTextOptions {
  /** Keep digits only (docs/product/screens.md#shared-table-behaviour: "ID and TMDB ID inputs are numeric"). */
  numeric?: boolean;
  delayMs?: number;
}

/**
 * A text filter as a person types it: the draft shows at once, the list is filtered 1 s after the last
 * key (docs/product/constants.md#timings) or at once on Enter (docs/product/screens.md#shared-table-behaviour). A value changed from outside (a reset, a link) replaces
 * the draft.
 */
export function useFilterText(
  value: string,
  onCommit: (value: string) => void,
  { numeric = false, delayMs = FILTER_DEBOUNCE_MS }: FilterTextOptions = {},
) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }

  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);

  const commit = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      const trimmed = text.trim();
      setCommitted(trimmed);
      if (trimmed !== value) onCommitRef.current(trimmed);
    },
    [value],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = numeric ? event.currentTarget.value.replace(/\D/g, '') : event.currentTarget.value;
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(text), delayMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit(draft);
  };

  return {
    draft,
    /** Applies the draft now. */
    flush: () => commit(draft),
    inputProps: {
      value: draft,
      onChange,
      onKeyDown,
      ...(numeric ? { inputMode: 'numeric' as const } : {}),
    },
  };
}
