import { EXTERNAL_PANEL_MESSAGES, type ExternalPanelStatus } from '@panel/shared/settings/external-panel';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { outboxMarks } from '../../db/outbox-marks';
import { externalPanelOutbox } from '../../db/schema';
import { runOutboxPass } from '../../lib/webhook/outbox-pass';
import { postSignedJson } from '../../lib/webhook/post-signed-json';
import { claimDueSyncs, syncBacklog, type ClaimedSync } from './external-panel-outbox.repository';

/** What the rest of the server sees of the external panel synchronisation, as `app.externalPanel`. */
export interface ExternalPanelService {
  isConfigured(): boolean;
  /** One delivery pass now; answers how many changes were delivered. Nothing is attempted without a URL. */
  deliverPending(): Promise<number>;
  status(): Promise<ExternalPanelStatus>;
  /** Failed changes (every attempt used) are tried again from the next pass; answers how many. */
  retryFailed(): Promise<number>;
}

type ExternalPanelConfig = Pick<
  Config,
  'EXTERNAL_PANEL_URL' | 'PROVISIONING_MAX_ATTEMPTS' | 'PROVISIONING_TIMEOUT_MS'
>;

export function createExternalPanelService(options: {
  db: Database;
  config: ExternalPanelConfig;
  secret: string;
  onFailure?: (row: ClaimedSync, error: string, attempts: number) => void;
}): ExternalPanelService {
  const { db, config } = options;
  const url = config.EXTERNAL_PANEL_URL;
  const maxAttempts = config.PROVISIONING_MAX_ATTEMPTS;
  const timeoutMs = config.PROVISIONING_TIMEOUT_MS;
  const marks = outboxMarks(db, externalPanelOutbox);
  return {
    isConfigured: () => Boolean(url),
    async deliverPending() {
      if (!url) return 0;
      return runOutboxPass({
        claim: (limit, leaseMs) => claimDueSyncs(db, { limit, maxAttempts, leaseMs }),
        send: (row) =>
          postSignedJson({
            url,
            secret: options.secret,
            // 'reseller.created', 'line.renewed': the receiver routes on it without reading the body.
            event: `${row.subject}.${row.event}`,
            deliveryId: row.id,
            body: row.payload,
            timeoutMs,
          }),
        ...marks,
        batchSize: 20,
        maxBatches: 25,
        timeoutMs,
        onFailure: options.onFailure,
      });
    },
    async status() {
      const backlog = await syncBacklog(db, maxAttempts);
      return {
        configured: Boolean(url),
        host: url ? new URL(url).host : null,
        message: url ? null : EXTERNAL_PANEL_MESSAGES.notConfigured,
        pending: backlog.pending,
        failed: backlog.failed,
        last_delivered_at: backlog.lastDeliveredAt?.toISOString() ?? null,
        last_error: backlog.lastError,
      };
    },
    // A failed change also holds back its subject's newer ones (claimDueSyncs keeps the order): the
    // admin's retry is how a subject's synchronisation resumes once the external panel is fixed (0061).
    retryFailed: () => marks.resetFailed(maxAttempts),
  };
}
