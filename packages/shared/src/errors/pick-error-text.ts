import { NETWORK_ERROR_TEXT, UNEXPECTED_ERROR_TEXT, errorTextFor } from './error-catalogue';

export interface FailureFacts {
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Parsed response body, when it was JSON. */
  body?: unknown;
  /** The thrown error's own message (not for network failures). */
  ownMessage?: string;
  /** True when no response arrived at all. */
  network?: boolean;
}

function stringField(body: unknown, key: 'message' | 'error'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Picks the title and message a person sees for a failed call, in the order of docs/product/messages.md#error-text-order:
 * response message, response error, the error's own message (unless a network error), then by status,
 * then the network text, then the generic fallback.
 */
export function pickErrorText(facts: FailureFacts): { title: string; message: string } {
  const byStatus = facts.status !== undefined ? errorTextFor(facts.status) : undefined;
  const title = byStatus?.title ?? (facts.network ? NETWORK_ERROR_TEXT.title : UNEXPECTED_ERROR_TEXT.title);
  const fromBody = stringField(facts.body, 'message') ?? stringField(facts.body, 'error');
  if (fromBody) return { title, message: fromBody };
  if (!facts.network && facts.ownMessage) return { title, message: facts.ownMessage };
  if (byStatus) return byStatus;
  if (facts.network) return NETWORK_ERROR_TEXT;
  return UNEXPECTED_ERROR_TEXT;
}
