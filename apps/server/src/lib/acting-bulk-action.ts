import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<number>();

/**
 * Runs `work` as one line of the bulk action `bulkId` (decision 0154): every log row written on its way
 * carries `bulk_id` in its details (panel/logs/logs.repository.ts), whichever single-line service writes it.
 */
export function runAsPartOfBulk<T>(bulkId: number, work: () => Promise<T>): Promise<T> {
  return acting.run(bulkId, work);
}

/** The bulk action the current work belongs to, or null. */
export function actingBulkId(): number | null {
  return acting.getStore() ?? null;
}
