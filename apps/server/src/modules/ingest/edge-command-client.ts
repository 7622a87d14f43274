import { signProvisioningBody } from '../provisioning/provisioning-signature';
import type { ClaimedEdgeCommand } from './edge-outbox.repository';

export type EdgeCommandOutcome = { delivered: true } | { delivered: false; error: string };

const ERROR_BODY_CHARS = 200;

/**
 * POSTs one command to the server's control URL (docs/ingest-api.md#commands-to-the-edge): the body is
 * `{ "event", ...payload }`, signed as provisioning deliveries are (`x-panel-signature: sha256=<hex
 * HMAC-SHA256(key, "<timestamp>.<body>")>`) with the key the server already holds: the SHA-256 (hex) of
 * its own token. Never throws: every failure is an outcome to record.
 */
export async function sendEdgeCommand(
  command: ClaimedEdgeCommand,
  timeoutMs: number,
): Promise<EdgeCommandOutcome> {
  const body = JSON.stringify({ event: command.event, ...command.payload });
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const response = await fetch(command.controlUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-panel-event': command.event,
        // The receiver's idempotency key: a command may arrive twice (lease expired, lost answer).
        'x-panel-delivery': String(command.id),
        'x-panel-timestamp': timestamp,
        'x-panel-signature': signProvisioningBody(command.signingKey, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { delivered: true };
    }
    const text = (await response.text().catch(() => '')).slice(0, ERROR_BODY_CHARS).trim();
    return { delivered: false, error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { delivered: false, error: `timeout after ${timeoutMs} ms` };
    }
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const detail = typeof cause?.code === 'string' ? `: ${cause.code}` : '';
    return { delivered: false, error: `${error instanceof Error ? error.message : String(error)}${detail}` };
  }
}
