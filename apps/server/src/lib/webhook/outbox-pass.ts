import type { DeliveryOutcome } from './post-signed-json';
import { retryDelayMs } from './retry-backoff';

export interface OutboxRow {
  id: number;
  attempts: number;
}

export interface OutboxPassOptions<Row extends OutboxRow> {
  /** Claims due rows and hides them for `leaseMs` (FOR UPDATE SKIP LOCKED + next_attempt_at moved forward). */
  claim(limit: number, leaseMs: number): Promise<Row[]>;
  send(row: Row): Promise<DeliveryOutcome>;
  markDelivered(id: number): Promise<void>;
  /** Counts the failed attempt and schedules the next one `retryInMs` from now. */
  markFailed(id: number, error: string, retryInMs: number): Promise<void>;
  batchSize: number;
  /** Bounds one pass (and so a request that pushes at once) when a large backlog is waiting. */
  maxBatches: number;
  /** One attempt's timeout: the lease outlives it, or a second worker could resend a row still in flight. */
  timeoutMs: number;
  onFailure?: (row: Row, error: string, attempts: number) => void;
}

const LEASE_MARGIN_MS = 30_000;

/**
 * One delivery pass of a transactional outbox (decisions 0013, 0045, 0060): claims due rows in batches,
 * sends each batch in parallel and records every outcome, a failure with the doubling backoff. A delivered
 * row releases its subject's next row for the following batch. Answers how many rows were delivered.
 */
export async function runOutboxPass<Row extends OutboxRow>(options: OutboxPassOptions<Row>): Promise<number> {
  let delivered = 0;
  for (let batch = 0; batch < options.maxBatches; batch++) {
    const claimed = await options.claim(options.batchSize, options.timeoutMs + LEASE_MARGIN_MS);
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map((row) => deliverOne(options, row)));
    delivered += outcomes.filter(Boolean).length;
  }
  return delivered;
}

async function deliverOne<Row extends OutboxRow>(
  options: OutboxPassOptions<Row>,
  row: Row,
): Promise<boolean> {
  const outcome = await options.send(row);
  if (outcome.delivered) {
    await options.markDelivered(row.id);
    return true;
  }
  const attempts = row.attempts + 1;
  await options.markFailed(row.id, outcome.error, retryDelayMs(attempts));
  options.onFailure?.(row, outcome.error, attempts);
  return false;
}
