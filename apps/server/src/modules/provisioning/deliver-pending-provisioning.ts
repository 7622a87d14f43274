import { PROVISIONED_SYSTEMS } from '@panel/shared/provisioning/provisioning-schemas';
import type { Database } from '../../db/database';
import { retryDelayMs } from './provisioning-backoff';
import type { ProvisioningClient } from './provisioning-client';
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  type ClaimedDelivery,
} from './provisioning-outbox.repository';

export interface DeliveryPassOptions {
  db: Database;
  client: ProvisioningClient;
  maxAttempts: number;
  timeoutMs: number;
  onFailure?: (delivery: ClaimedDelivery, error: string, attempts: number) => void;
}

const BATCH_SIZE = 20;
// Bounds one pass (and so a request that pushes a resync at once) when a large backlog is waiting.
const MAX_BATCHES_PER_PASS = 25;
// The lease must outlive an attempt, or a slow receiver could see a second worker resend the row.
const LEASE_MARGIN_MS = 30_000;

/**
 * One delivery pass: claims due rows of the configured services in batches, POSTs each batch in
 * parallel (one row per line, so order per line holds) and records every outcome. A delivered row
 * releases the line's next change for the following batch. Answers how many rows were delivered.
 */
export async function deliverPendingProvisioning(options: DeliveryPassOptions): Promise<number> {
  const systems = PROVISIONED_SYSTEMS.filter((system) => options.client.isConfigured(system));
  let delivered = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
    const claimed = await claimDueDeliveries(options.db, {
      systems,
      limit: BATCH_SIZE,
      maxAttempts: options.maxAttempts,
      leaseMs: options.timeoutMs + LEASE_MARGIN_MS,
    });
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map((row) => deliverOne(options, row)));
    delivered += outcomes.filter(Boolean).length;
  }
  return delivered;
}

async function deliverOne(options: DeliveryPassOptions, row: ClaimedDelivery): Promise<boolean> {
  const outcome = await options.client.send(row);
  if (outcome.delivered) {
    await markDelivered(options.db, row.id);
    return true;
  }
  const attempts = row.attempts + 1;
  await markAttemptFailed(options.db, row.id, outcome.error, retryDelayMs(attempts));
  options.onFailure?.(row, outcome.error, attempts);
  return false;
}
