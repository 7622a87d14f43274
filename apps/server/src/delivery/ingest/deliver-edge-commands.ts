import type { Database } from '../../db/database';
import { outboxMarks } from '../../db/outbox-marks';
import { streamingServerOutbox } from '../../db/schema';
import { runOutboxPass } from '../../lib/webhook/outbox-pass';
import { sendEdgeCommand } from './edge-command-client';
import { claimDueEdgeCommands, type ClaimedEdgeCommand } from './edge-outbox.repository';

export interface EdgeDeliveryOptions {
  db: Database;
  maxAttempts: number;
  timeoutMs: number;
  onFailure?: (command: ClaimedEdgeCommand, error: string, attempts: number) => void;
}

/**
 * One pass over `streaming_server_outbox` (decision 0045): claims due commands in batches, POSTs each batch
 * in parallel, records delivered or failed with the provisioning backoff (5 s doubling to 1 h). Answers
 * how many were delivered.
 */
export async function deliverEdgeCommands(options: EdgeDeliveryOptions): Promise<number> {
  const { db, maxAttempts, timeoutMs } = options;
  return runOutboxPass({
    claim: (limit, leaseMs) => claimDueEdgeCommands(db, { limit, maxAttempts, leaseMs }),
    send: (command) => sendEdgeCommand(command, timeoutMs),
    ...outboxMarks(db, streamingServerOutbox),
    batchSize: 50,
    maxBatches: 20,
    timeoutMs,
    onFailure: options.onFailure,
  });
}
