import type { Database } from '../../db/database';
import { ledgerTotalsAfter, settledLedgerTotals, type LedgerTotals } from './metrics.repository';

/** Rows younger than this are counted afresh at every scrape; older ones are folded into running totals. */
const SETTLE_SECONDS = 300;

/**
 * Credit moves by kind, exact and fleet-wide (read from the ledger), without scanning the whole ledger at
 * every scrape: ~0.65 s for a million rows. The first scrape of a process reads it all once; later scrapes
 * read only rows past the settled prefix (decision 0025).
 */
export function createLedgerTotals(db: Database): () => Promise<LedgerTotals[]> {
  let folded = 0;
  const settled = new Map<string, { rows: number; credits: number }>();
  const add = (into: Map<string, { rows: number; credits: number }>, totals: LedgerTotals[]) => {
    for (const entry of totals) {
      const current = into.get(entry.kind) ?? { rows: 0, credits: 0 };
      into.set(entry.kind, { rows: current.rows + entry.rows, credits: current.credits + entry.credits });
    }
  };
  const read = async (): Promise<LedgerTotals[]> => {
    const step = await settledLedgerTotals(db, folded, SETTLE_SECONDS);
    add(settled, step.totals);
    folded = step.lastId;
    const now = new Map(settled);
    add(now, await ledgerTotalsAfter(db, folded));
    return [...now].map(([kind, value]) => ({ kind, ...value }));
  };
  // One read at a time: two scrapes folding the same prefix at once would count it twice.
  let previous: Promise<unknown> = Promise.resolve();
  return () => {
    const next = previous.then(read);
    previous = next.catch(() => undefined);
    return next;
  };
}
