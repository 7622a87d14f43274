export interface SyncWorker {
  /** Cancels the next pass and waits for the one in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, counted from the end of the previous pass; errors are reported and the
 * loop carries on (a database that is briefly unreachable must not stop automatic syncs).
 */
export function startSyncWorker(options: {
  intervalMs: number;
  pass: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): SyncWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = options
        .pass()
        .then(
          () => undefined,
          (error: unknown) => options.onError(error),
        )
        .finally(() => {
          inFlight = undefined;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
