/** What stopping needs of the app (a Fastify instance with plugins/draining.ts). */
export interface Stoppable {
  startDraining(): void;
  msSinceLastActivity(): number;
  close(): Promise<unknown>;
}

export type ShutdownOutcome = { outcome: 'closed' | 'timed-out'; ms: number };

const QUIET_CHECK_MS = 25;

/**
 * Stops the app within `timeoutMs`:
 * 1. drain: still listening, every new request is answered 503 (a clean "not done, try elsewhere"), until
 *    no connection or request has arrived for `quietMs` (and at least `quietMs` after the signal). Closing the listener earlier would reset the
 *    connections still waiting in the accept queue, and Node's close would destroy accepted connections
 *    whose request it has not read yet: clients that sent a request would see a reset, not an answer.
 * 2. close: the listener closes, requests in flight finish, then the onClose hooks stop the provisioning
 *    worker and close the database pool.
 * Past `timeoutMs` it gives up, so a stuck request, a delivery or clients that never pause cannot keep a
 * stopping process alive.
 */
export async function stopWithin(
  app: Stoppable,
  options: { timeoutMs: number; quietMs: number },
): Promise<ShutdownOutcome> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), options.timeoutMs);
  });
  let gaveUp = false;
  const stopping = (async () => {
    app.startDraining();
    // Quiet for quietMs since the signal too: a connection queued at the signal gets that long to be taken.
    const quiet = () =>
      performance.now() - started >= options.quietMs && app.msSinceLastActivity() >= options.quietMs;
    while (!gaveUp && !quiet()) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_CHECK_MS));
    }
    await app.close();
    return 'closed' as const;
  })();
  try {
    const outcome = await Promise.race([stopping, late]);
    return { outcome, ms: Math.round(performance.now() - started) };
  } finally {
    gaveUp = true;
    clearTimeout(timer);
  }
}
