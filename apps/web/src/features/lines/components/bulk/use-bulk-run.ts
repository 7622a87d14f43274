import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { BulkAction, BulkProgress, BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';
import { cancelBulkAction } from '../../api/cancel-bulk-action';
import { createBulkAction } from '../../api/create-bulk-action';
import { getBulkResult } from '../../api/get-bulk-result';
import { runBulkChunk } from '../../api/run-bulk-action';

type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: BulkProgress | null; error?: unknown; id?: number }
  | { phase: 'finished'; result: BulkResult };

/**
 * The panel's side of decision 0150: record the action, then ask the server for chunk after chunk under its
 * id until nothing is pending (the progress bar follows each answer), or until 'Parar' (the rest is
 * cancelled). A failed call stops the loop and keeps the id, so 'Continuar' goes on where it stopped.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const stopping = useRef(false);

  async function loop(id: number, first: BulkProgress | null) {
    let progress = first;
    try {
      while (!progress?.finished && !stopping.current) {
        progress = await runBulkChunk(id);
        setState({ phase: 'running', progress, id });
      }
      if (stopping.current && !progress?.finished) await cancelBulkAction(id);
      const result = await getBulkResult(id);
      setState({ phase: 'finished', result });
    } catch (error) {
      setState({ phase: 'running', progress, error, id });
    } finally {
      // Whatever was done is on the lists and the balance, even when the run stopped half-way.
      void refreshAfterPaidLineAction(queryClient);
    }
  }

  return {
    state,
    start: async (action: BulkAction, lineIds: number[]) => {
      stopping.current = false;
      setState({ phase: 'running', progress: null });
      try {
        const created = await createBulkAction({ action, line_ids: lineIds });
        setState({ phase: 'running', progress: created, id: created.id });
        await loop(created.id, created);
      } catch (error) {
        setState({ phase: 'running', progress: null, error });
      }
    },
    resume: async () => {
      if (state.phase !== 'running' || state.id === undefined) return;
      stopping.current = false;
      setState({ phase: 'running', progress: state.progress, id: state.id });
      await loop(state.id, state.progress);
    },
    /** Ends the run after the line being done; after a failed call, at once. */
    stop: () => {
      stopping.current = true;
      if (state.phase === 'running' && state.error && state.id !== undefined)
        void loop(state.id, state.progress);
    },
  };
}
