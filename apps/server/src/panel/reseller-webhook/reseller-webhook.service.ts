import {
  RESELLER_NOTIFICATION_MESSAGES,
  type ResellerNotifications,
  type ResellerNotificationsInput,
  resellerNotificationsInputSchema,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { outboxMarks } from '../../db/outbox-marks';
import { resellerWebhookOutbox } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { runOutboxPass } from '../../lib/webhook/outbox-pass';
import { postSignedJson } from '../../lib/webhook/post-signed-json';
import { deriveWebhookSecret } from '../../lib/webhook/webhook-signature';
import type { Caller } from '../auth/caller';
import { eventPayload } from './reseller-events';
import {
  bumpSecretVersion,
  claimDueResellerEvents,
  findNotificationSettings,
  queueEvents,
  saveNotificationSettings,
  takeBalanceCrossings,
  type ClaimedResellerEvent,
} from './reseller-webhook.repository';
import { isAllowedWebhookUrl } from './webhook-address';

type ResellerWebhookConfig = Pick<
  Config,
  'PROVISIONING_MAX_ATTEMPTS' | 'PROVISIONING_TIMEOUT_MS' | 'RESELLER_WEBHOOK_ALLOW_PRIVATE_HOSTS'
>;

/** What the rest of the server sees of resellers' webhooks, as `app.resellerWebhook`. */
export interface ResellerWebhookService {
  settings(caller: Caller): Promise<ResellerNotifications>;
  save(caller: Caller, input: ResellerNotificationsInput): Promise<ResellerNotifications>;
  rotateSecret(caller: Caller): Promise<ResellerNotifications>;
  /** Queues 'balance.low' for every account that went below its threshold since the last check. */
  checkBalances(): Promise<number>;
  /** One delivery pass now; answers how many events were delivered. */
  deliverPending(): Promise<number>;
}

export function createResellerWebhookService(options: {
  db: Database;
  config: ResellerWebhookConfig;
  signingSecret: string;
  onFailure?: (row: ClaimedResellerEvent, error: string, attempts: number) => void;
}): ResellerWebhookService {
  const { db, config } = options;
  const marks = outboxMarks(db, resellerWebhookOutbox);
  const allowPrivate = config.RESELLER_WEBHOOK_ALLOW_PRIVATE_HOSTS;
  // Derived, not stored (decision 0170): a leaked secret says nothing of the server's nor of another reseller's.
  const secretOf = (accountId: number, version: number) =>
    deriveWebhookSecret(options.signingSecret, `panel-reseller-webhook-v1:${accountId}:${version}`);

  async function settings(caller: Caller): Promise<ResellerNotifications> {
    const row = await findNotificationSettings(db, caller.id);
    return {
      webhook_url: row.webhookUrl,
      webhook_secret: secretOf(caller.id, row.secretVersion),
      low_balance_threshold: row.lowBalanceThreshold,
    };
  }

  async function send(row: ClaimedResellerEvent) {
    if (!(await isAllowedWebhookUrl(row.url, allowPrivate))) {
      return { delivered: false as const, error: 'address not allowed (private network)' };
    }
    return postSignedJson({
      url: row.url,
      secret: secretOf(row.accountId, row.secretVersion),
      event: row.event,
      deliveryId: row.id,
      body: row.payload,
      timeoutMs: config.PROVISIONING_TIMEOUT_MS,
    });
  }

  return {
    settings,
    async save(caller, input) {
      const parsed = resellerNotificationsInputSchema.parse(input);
      if (parsed.webhook_url && !(await isAllowedWebhookUrl(parsed.webhook_url, allowPrivate))) {
        throw new AppError(
          422,
          'validation_failed',
          RESELLER_NOTIFICATION_MESSAGES.urlPrivate,
          'webhook_url',
        );
      }
      await saveNotificationSettings(db, caller.id, {
        webhookUrl: parsed.webhook_url,
        lowBalanceThreshold: parsed.low_balance_threshold,
      });
      return settings(caller);
    },
    async rotateSecret(caller) {
      await bumpSecretVersion(db, caller.id);
      return settings(caller);
    },
    async checkBalances() {
      const crossings = await takeBalanceCrossings(db);
      return queueEvents(
        db,
        crossings.map((crossing) => ({
          accountId: crossing.accountId,
          event: 'balance.low' as const,
          dedupeKey: null,
          payload: eventPayload(
            'balance.low',
            { id: crossing.accountId, username: crossing.username },
            { credits: crossing.credits, threshold: crossing.threshold },
          ),
        })),
      );
    },
    deliverPending: () =>
      runOutboxPass({
        claim: (limit, leaseMs) =>
          claimDueResellerEvents(db, { limit, maxAttempts: config.PROVISIONING_MAX_ATTEMPTS, leaseMs }),
        send,
        ...marks,
        batchSize: 20,
        maxBatches: 25,
        timeoutMs: config.PROVISIONING_TIMEOUT_MS,
        onFailure: options.onFailure,
      }),
  };
}
