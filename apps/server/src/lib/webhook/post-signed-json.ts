import { signWebhookBody } from './webhook-signature';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

export type DeliveryOutcome = { delivered: true } | { delivered: false; error: string };

export interface SignedPost {
  url: string;
  secret: string;
  /** Sent as x-panel-event. */
  event: string;
  /** The receiver's idempotency key (x-panel-delivery): a delivery may arrive twice (lease expired, lost answer). */
  deliveryId: number;
  body: Record<string, unknown>;
  timeoutMs: number;
}

// Enough of a refusal's body to explain it on an operator view without storing whole pages.
const ERROR_BODY_CHARS = 200;

/**
 * POSTs one outbox row as JSON signed with `x-panel-signature: sha256=<hex HMAC-SHA256(secret,
 * "<timestamp>.<body>")>` and `x-panel-timestamp` (provisioning, edge commands, external panel). Any 2xx is
 * delivered. Never throws: every failure (refusal, timeout, network) comes back as an outcome to record.
 */
export async function postSignedJson(post: SignedPost): Promise<DeliveryOutcome> {
  const body = JSON.stringify(post.body);
  const timestamp = String(nowSeconds());
  try {
    const response = await fetch(post.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-panel-event': post.event,
        'x-panel-delivery': String(post.deliveryId),
        'x-panel-timestamp': timestamp,
        'x-panel-signature': signWebhookBody(post.secret, timestamp, body),
      },
      body,
      // A redirected POST would be replayed as a GET by some clients; a moved endpoint is a failure.
      redirect: 'manual',
      signal: AbortSignal.timeout(post.timeoutMs),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { delivered: true };
    }
    const text = (await response.text().catch(() => '')).slice(0, ERROR_BODY_CHARS).trim();
    return { delivered: false, error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
  } catch (error) {
    return { delivered: false, error: describeFetchError(error, post.timeoutMs) };
  }
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
