const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60_000;

/**
 * Wait before the next attempt after `failedAttempts` failures: doubling from 5 s, capped at 1 h, with the
 * upper half randomised so rows that failed together (an endpoint outage) do not all come back at once.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
