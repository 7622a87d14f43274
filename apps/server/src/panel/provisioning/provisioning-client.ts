import type { ProvisionedSystem } from '@panel/shared/provisioning/provisioning-schemas';
import { postSignedJson, type DeliveryOutcome } from '../../lib/webhook/post-signed-json';

/** One outbox row as it goes on the wire. */
export interface ProvisioningDelivery {
  id: number;
  system: ProvisionedSystem;
  event: string;
  payload: Record<string, unknown>;
}

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

/** POSTs signed line changes to the configured endpoint of each service. */
export function createProvisioningClient(options: ProvisioningClientOptions): ProvisioningClient {
  return {
    isConfigured: (system) => Boolean(options.urls[system]),
    async send(delivery) {
      const url = options.urls[delivery.system];
      if (!url) return { delivered: false, error: 'service not configured' };
      return postSignedJson({
        url,
        secret: options.secret,
        event: delivery.event,
        deliveryId: delivery.id,
        body: delivery.payload,
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
