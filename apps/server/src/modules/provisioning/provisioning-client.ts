import type { ProvisionedSystem } from '@panel/shared/provisioning/provisioning-schemas';
import { signProvisioningBody } from './provisioning-signature';

/** One outbox row as it goes on the wire. */
export interface ProvisioningDelivery {
  id: number;
  system: ProvisionedSystem;
  event: string;
  payload: Record<string, unknown>;
}

export type DeliveryOutcome = { delivered: true } | { delivered: false; error: string };

export interface ProvisioningClient {
  isConfigured(system: ProvisionedSystem): boolean;
  /** Never throws: every failure (refusal, timeout, network) comes back as an outcome to record. */
  send(delivery: ProvisioningDelivery): Promise<DeliveryOutcome>;
}

export interface ProvisioningClientOptions {
  urls: Partial<Record<ProvisionedSystem, string>>;
  secret: string;
  timeoutMs: number;
}

// Enough of a refusal's body to explain it on the operator view without storing whole pages.
const ERROR_BODY_CHARS = 200;

/** POSTs signed line changes to the configured endpoint of each service. */
export function createProvisioningClient(options: ProvisioningClientOptions): ProvisioningClient {
  return {
    isConfigured: (system) => Boolean(options.urls[system]),
    async send(delivery) {
      const url = options.urls[delivery.system];
      if (!url) return { delivered: false, error: 'service not configured' };
      const body = JSON.stringify(delivery.payload);
      const timestamp = String(Math.floor(Date.now() / 1000));
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-panel-event': delivery.event,
            // The receiver's idempotency key: a delivery may arrive twice (lease expired, lost answer).
            'x-panel-delivery': String(delivery.id),
            'x-panel-timestamp': timestamp,
            'x-panel-signature': signProvisioningBody(options.secret, timestamp, body),
          },
          body,
          // A redirected POST would be replayed as a GET by some clients; a moved endpoint is a failure.
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.status >= 200 && response.status < 300) {
          await response.body?.cancel();
          return { delivered: true };
        }
        const text = (await response.text().catch(() => '')).slice(0, ERROR_BODY_CHARS).trim();
        return { delivered: false, error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
      } catch (error) {
        return { delivered: false, error: describeFetchError(error, options.timeoutMs) };
      }
    },
  };
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
  if (error instanceof Error) {
    // undici reports the socket problem (ECONNREFUSED, ENOTFOUND…) as the cause of "fetch failed".
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const detail = typeof cause?.code === 'string' ? cause.code : cause?.message;
    return typeof detail === 'string' ? `${error.message}: ${detail}` : error.message;
  }
  return String(error);
}
