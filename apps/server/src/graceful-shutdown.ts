/** What stopping needs of the app (a Fastify instance with plugins/draining.ts). */
export interface Stoppable {
  startDraining(): void;
  close(): Promise<unknown>;
}

export type ShutdownOutcome = { outcome: 'closed' | 'timed-out'; ms: number };

/**
 * Stops the app within `timeoutMs`:
 * 1. drain for `drainMs`: still listening, every new request answered 503 (a clean "not done, try
 *    elsewhere"), so connections waiting in the accept queue are answered instead of reset by step 2;
 * 2. close: the listener closes, requests in flight finish, then the onClose hooks stop the provisioning
 *    worker and close the database pool.
 * Past `timeoutMs` it gives up, so a stuck request or delivery never keeps a stopping process alive.
 */
export async function stopWithin(
  app: Stoppable,
  options: { timeoutMs: number; drainMs: number },
): Promise<ShutdownOutcome> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), options.timeoutMs);
  });
  const stopping = (async () => {
    app.startDraining();
    if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    await app.close();
    return 'closed' as const;
  })();
  try {
    const outcome = await Promise.race([stopping, late]);
    return { outcome, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
