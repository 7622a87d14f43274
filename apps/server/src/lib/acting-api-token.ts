import { AsyncLocalStorage } from 'node:async_hooks';

/** The API token a request acts through (decision 0139). */
export interface ActingApiToken {
  id: number;
  name: string;
}

const acting = new AsyncLocalStorage<ActingApiToken>();

/**
 * Runs the rest of a request (`next`) as done through `token`: every log row written on its way names the
 * token (panel/logs/logs.repository.ts), whichever module writes it, without each writer passing it on.
 */
export function runActingThrough(token: ActingApiToken, next: () => void): void {
  acting.run(token, next);
}

/** The token the current request acts through, or null for a session (and outside any request). */
export function actingApiToken(): ActingApiToken | null {
  return acting.getStore() ?? null;
}
