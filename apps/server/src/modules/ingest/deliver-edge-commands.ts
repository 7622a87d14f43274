import type { Database } from '../../db/database';
import { retryDelayMs } from '../provisioning/provisioning-backoff';
import { sendEdgeCommand } from './edge-command-client';
import {
  claimDueEdgeCommands,
  markEdgeCommandDelivered,
  markEdgeCommandFailed,
  type ClaimedEdgeCommand,
} from './edge-outbox.repository';

export interface EdgeDeliveryOptions {
  db: Database;
  maxAttempts: number;
  timeoutMs: number;
  onFailure?: (command: ClaimedEdgeCommand, error: string, attempts: number) => void;
}

const BATCH_SIZE = 50;
const MAX_BATCHES_PER_PASS = 20;
// The lease must outlive an attempt, or a second worker could resend a command still in flight.
const LEASE_MARGIN_MS = 30_000;

/**
 * One pass over `streaming_server_outbox` (decision 0045): claims due commands in batches, POSTs each batch
 * in parallel, records delivered or failed with the provisioning backoff (5 s doubling to 1 h). Answers
 * how many were delivered.
 */
export async function deliverEdgeCommands(options: EdgeDeliveryOptions): Promise<number> {
  let delivered = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
    const claimed = await claimDueEdgeCommands(options.db, {
      limit: BATCH_SIZE,
      maxAttempts: options.maxAttempts,
      leaseMs: options.timeoutMs + LEASE_MARGIN_MS,
    });
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(
      claimed.map(async (command) => {
        const outcome = await sendEdgeCommand(command, options.timeoutMs);
        if (outcome.delivered) {
          await markEdgeCommandDelivered(options.db, command.id);
          return true;
        }
        const attempts = command.attempts + 1;
        await markEdgeCommandFailed(options.db, command.id, outcome.error, retryDelayMs(attempts));
        options.onFailure?.(command, outcome.error, attempts);
        return false;
      }),
    );
    delivered += outcomes.filter(Boolean).length;
  }
  return delivered;
}
