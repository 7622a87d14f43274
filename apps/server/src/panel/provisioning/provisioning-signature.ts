import { deriveWebhookSecret } from '../../lib/webhook/webhook-signature';

/** The secret shared with the P2P and hybrid receivers when PROVISIONING_SECRET is not set. */
export function deriveProvisioningSecret(signingSecret: string): string {
  return deriveWebhookSecret(signingSecret, 'panel-provisioning-v1');
}
