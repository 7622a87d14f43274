import { PROVISIONED_SYSTEMS } from '@panel/shared/provisioning/provisioning-schemas';
import type { Database } from '../../db/database';
import { outboxMarks } from '../../db/outbox-marks';
import { provisioningOutbox } from '../../db/schema';
import { runOutboxPass } from '../../lib/webhook/outbox-pass';
import type { ProvisioningClient } from './provisioning-client';
import { claimDueDeliveries, type ClaimedDelivery } from './provisioning-outbox.repository';

export interface DeliveryPassOptions {
  db: Database;
  client: ProvisioningClient;
  maxAttempts: number;
  timeoutMs: number;
  onFailure?: (delivery: ClaimedDelivery, error: string, attempts: number) => void;
}

/**
 * One delivery pass over the configured services' rows (one row per line and service at a time, so order
 * per line holds); answers how many rows were delivered.
 */
export async function deliverPendingProvisioning(options: DeliveryPassOptions): Promise<number> {
  const { db, client, maxAttempts } = options;
  const systems = PROVISIONED_SYSTEMS.filter((system) => client.isConfigured(system));
  return runOutboxPass({
    claim: (limit, leaseMs) => claimDueDeliveries(db, { systems, limit, maxAttempts, leaseMs }),
    send: (row) => client.send(row),
    ...outboxMarks(db, provisioningOutbox),
    batchSize: 20,
    maxBatches: 25,
    timeoutMs: options.timeoutMs,
    onFailure: options.onFailure,
  });
}
