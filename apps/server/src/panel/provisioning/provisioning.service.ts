import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import { notConfiguredMessage } from '@panel/shared/provisioning/provisioning-messages';
import {
  PROVISIONED_SYSTEMS,
  type LineProvisioningStateResponse,
  type ProvisionedSystem,
  type ProvisioningOverview,
} from '@panel/shared/provisioning/provisioning-schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { deliverPendingProvisioning } from './deliver-pending-provisioning';
import { createProvisioningClient } from './provisioning-client';
import { isProvisionedSystem } from './provisioning-outbox';
import {
  backlogBySystem,
  provisioningStateForLine,
  resetFailedDeliveries,
  type ClaimedDelivery,
  type LineProvisioningState,
} from './provisioning-outbox.repository';

/** What the rest of the server sees of provisioning, as `app.provisioning`. */
export interface ProvisioningService {
  /** Whether the service has an endpoint; without one, its changes wait in the outbox and nothing is sent. */
  isConfigured(system: ProvisionedSystem): boolean;
  /** One delivery pass now (resync pushes at once); answers how many changes were delivered. */
  deliverPending(): Promise<number>;
  /** Delivery state of a line; call it after the line passed the caller's scope check. */
  status(lineId: number): Promise<LineProvisioningState>;
  /** The wire answer for a line's provisioning view; null for an IPTV line (nothing to provision). */
  describeLine(line: { id: number; system: number }): Promise<LineProvisioningStateResponse | null>;
  overview(): Promise<ProvisioningOverview>;
  /** Failed changes (every attempt used) become due now; answers how many. */
  retryFailed(system?: ProvisionedSystem): Promise<number>;
}

type ProvisioningConfig = Pick<
  Config,
  'P2P_PROVISIONING_URL' | 'HYBRID_PROVISIONING_URL' | 'PROVISIONING_MAX_ATTEMPTS' | 'PROVISIONING_TIMEOUT_MS'
>;

export function createProvisioningService(options: {
  db: Database;
  config: ProvisioningConfig;
  secret: string;
  onFailure?: (delivery: ClaimedDelivery, error: string, attempts: number) => void;
}): ProvisioningService {
  const { db, config } = options;
  const maxAttempts = config.PROVISIONING_MAX_ATTEMPTS;
  const urls: Record<ProvisionedSystem, string | undefined> = {
    2: config.P2P_PROVISIONING_URL,
    3: config.HYBRID_PROVISIONING_URL,
  };
  const client = createProvisioningClient({
    urls,
    secret: options.secret,
    timeoutMs: config.PROVISIONING_TIMEOUT_MS,
  });
  const isConfigured = (system: ProvisionedSystem) => client.isConfigured(system);
  const status = (lineId: number) => provisioningStateForLine(db, lineId, maxAttempts);

  return {
    isConfigured,
    status,
    deliverPending: () =>
      deliverPendingProvisioning({
        db,
        client,
        maxAttempts,
        timeoutMs: config.PROVISIONING_TIMEOUT_MS,
        onFailure: options.onFailure,
      }),
    async describeLine(line) {
      if (!isProvisionedSystem(line.system)) return null;
      const state = await status(line.id);
      const configured = isConfigured(line.system);
      return {
        system: line.system,
        configured,
        message: configured ? null : notConfiguredMessage(line.system),
        pending: state.pending,
        failed: state.failed,
        last_delivered_at: state.lastDeliveredAt?.toISOString() ?? null,
        last_error: state.lastError,
      };
    },
    async overview() {
      const backlog = await backlogBySystem(db, maxAttempts);
      return {
        max_attempts: maxAttempts,
        systems: PROVISIONED_SYSTEMS.map((system) => {
          const url = urls[system];
          const row = backlog.find((entry) => entry.system === system);
          return {
            system,
            label: SYSTEM_LABELS[system],
            configured: Boolean(url),
            host: url ? new URL(url).host : null,
            message: url ? null : notConfiguredMessage(system),
            pending: row?.pending ?? 0,
            failed: row?.failed ?? 0,
            oldest_pending_seconds: row?.oldestPendingSeconds ?? null,
          };
        }),
      };
    },
    retryFailed: (system) => resetFailedDeliveries(db, maxAttempts, system),
  };
}
