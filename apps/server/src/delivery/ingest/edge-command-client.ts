import { postSignedJson, type DeliveryOutcome } from '../../lib/webhook/post-signed-json';
import type { ClaimedEdgeCommand } from './edge-outbox.repository';

/**
 * POSTs one command to the server's control URL (docs/ingest-api.md#commands-to-the-edge): the body is
 * `{ "event", ...payload }`, signed as provisioning deliveries are (`x-panel-signature: sha256=<hex
 * HMAC-SHA256(key, "<timestamp>.<body>")>`) with the key the server already holds: the SHA-256 (hex) of
 * its own token. Never throws: every failure is an outcome to record.
 */
export function sendEdgeCommand(command: ClaimedEdgeCommand, timeoutMs: number): Promise<DeliveryOutcome> {
  return postSignedJson({
    url: command.controlUrl,
    secret: command.signingKey,
    event: command.event,
    deliveryId: command.id,
    body: { event: command.event, ...command.payload },
    timeoutMs,
  });
}
