export interface PeriodicWorker {
  /** Cancels the next pass and waits for the one in flight, so nothing touches the database afterwards. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, counted from the end of the previous pass so slow passes never overlap.
 * Errors are reported and the loop carries on: a database that is briefly unreachable must not stop it.
 * The timer does not keep the process alive (the listener does). Used by the provisioning outbox
 * (decision 0013) and the periodic content sync (decision 0038).
 */
export function startPeriodicWorker(options: {
  intervalMs: number;
  pass: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): PeriodicWorker {
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
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
