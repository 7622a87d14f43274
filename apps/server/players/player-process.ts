import { spawn } from 'node:child_process';

/**
 * One run of a real player as a child process: its output kept (stdout and stderr, in order of arrival),
 * stopped when its output shows what the check waits for, when its time is up, or when the test says so.
 * The child leads its own process group, so stopping it stops what it started (runuser's VLC, a shell).
 */
export interface PlayerProcess {
  /** Settles when the process has exited (whatever stopped it). */
  readonly exited: Promise<PlayerExit>;
  /** Settles true as soon as `until` holds on the output so far, false when the process ends without it. */
  readonly reached: Promise<boolean>;
  /** `reached`, or false once `ms` passed without it. */
  reachedWithin(ms: number): Promise<boolean>;
  /** The output so far. */
  output(): string;
  /** SIGTERM to the group, SIGKILL a second later if still running; resolves once it exited. */
  stop(): Promise<PlayerExit>;
}

export interface PlayerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Stopped because `timeoutMs` passed. */
  timedOut: boolean;
  /** The child's stdout alone (JSON answers of ffprobe). */
  stdout: string;
  output: string;
  ms: number;
}

export interface PlayerOptions {
  /** Stop the process once this holds on the output (the check has what it needs). */
  until?: (output: string) => boolean;
  /** Stop it after this long in any case. */
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

const MAX_OUTPUT = 8 * 1024 * 1024;

export function startPlayer(command: string, args: string[], options: PlayerOptions): PlayerProcess {
  const started = Date.now();
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  let stdout = '';
  let timedOut = false;
  let reachedResolve: (value: boolean) => void = () => undefined;
  const reached = new Promise<boolean>((resolve) => (reachedResolve = resolve));
  let done = false;

  const signal = (name: NodeJS.Signals) => {
    if (done || child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  const exited = new Promise<PlayerExit>((resolve) => {
    child.on('error', (error) => {
      output += `\n[spawn error] ${error.message}\n`;
    });
    child.on('close', (code, exitSignal) => {
      done = true;
      clearTimeout(timer);
      reachedResolve(options.until ? options.until(output) : false);
      resolve({ code, signal: exitSignal, timedOut, stdout, output, ms: Date.now() - started });
    });
  });
  const stop = async () => {
    signal('SIGTERM');
    const kill = setTimeout(() => signal('SIGKILL'), 1000);
    const exit = await exited;
    clearTimeout(kill);
    return exit;
  };
  const timer = setTimeout(() => {
    timedOut = true;
    void stop();
  }, options.timeoutMs);
  const take = (isStdout: boolean) => (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (output.length < MAX_OUTPUT) output += text;
    if (isStdout && stdout.length < MAX_OUTPUT) stdout += text;
    if (options.until?.(output)) reachedResolve(true);
  };
  child.stdout.on('data', take(true));
  child.stderr.on('data', take(false));
  const reachedWithin = (ms: number) => {
    let timeout: NodeJS.Timeout | undefined;
    return Promise.race([
      reached,
      new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(false), ms))),
    ]).finally(() => clearTimeout(timeout));
  };
  return { exited, reached, reachedWithin, output: () => output, stop };
}

/**
 * Runs a player to its verdict: stopped as soon as `until` holds (the check passed; no need to watch the
 * rest), or at its timeout, or when it exits by itself.
 */
export async function runPlayer(
  command: string,
  args: string[],
  options: PlayerOptions,
): Promise<PlayerExit> {
  const player = startPlayer(command, args, options);
  if (await player.reached) return player.stop();
  return player.exited;
}
