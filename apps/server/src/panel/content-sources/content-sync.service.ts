import {
  CONTENT_MESSAGES,
  type SyncProgress,
  type SyncSummary,
} from '@panel/shared/content-sources/content-sources-api';
import type { Database } from '../../db/database';
import { markRequestsInLibrary } from '../catalog-requests/catalog-requests.repository';
import { bumpCategoryVersions } from '../../delivery/for-panel';
import {
  claimSync,
  dueSourceIds,
  failStaleSyncs,
  finishSync,
  type SourceRow,
} from './content-sources.repository';
import { LibraryWriter } from './library-writer';
import { importM3u, importXtream } from './source-importers';
import { SyncError } from './upstream-input';

export type SyncOutcome = { status: 'ok'; summary: SyncSummary } | { status: 'failed'; error: string };

export interface SyncRunner {
  /**
   * Claims the source and runs its sync in the background; the claimed row (status running), or
   * undefined when a sync of it is already running (or the source does not exist).
   */
  start(sourceId: number): Promise<SourceRow | undefined>;
  /** Claims and runs a sync to its end (the command line); undefined when one is already running. */
  runNow(sourceId: number, onProgress?: (progress: SyncProgress) => void): Promise<SyncOutcome | undefined>;
  /** Stops this process's sync of the source, if any, and waits for it to end. */
  cancel(sourceId: number): Promise<void>;
  /** The periodic pass: stale syncs failed, due sources started. */
  startDue(): Promise<number[]>;
  /** Aborts every running sync and waits for them (the server closes). */
  stop(): Promise<void>;
  /** Resolves when this process's sync of the source ends (tests). */
  settled(sourceId: number): Promise<void>;
}

export interface SyncRunnerOptions {
  db: Database;
  timeoutMs: number;
  onError?: (sourceId: number, error: unknown) => void;
}

/** The sync of one claimed source (decision 0038): import, retire, guide, then its outcome is stored. */
async function runClaimed(
  options: SyncRunnerOptions,
  source: SourceRow,
  signal: AbortSignal,
  onProgress?: (progress: SyncProgress) => void,
): Promise<SyncOutcome> {
  const started = performance.now();
  const writer = new LibraryWriter({ db: options.db, sourceId: source.id, signal, onProgress });
  let outcome: SyncOutcome;
  try {
    const input = { timeoutMs: options.timeoutMs, signal };
    if (source.kind === 'xtream') await importXtream(writer, source, input);
    else await importM3u(writer, source, input);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    outcome = { status: 'ok', summary: { ...writer.summary, seconds } };
  } catch (error) {
    const message = signal.aborted
      ? CONTENT_MESSAGES.syncInterrupted
      : error instanceof SyncError
        ? error.message
        : CONTENT_MESSAGES.syncUnexpected;
    if (!(error instanceof SyncError) && !signal.aborted) options.onError?.(source.id, error);
    outcome = { status: 'failed', error: message };
  }
  await finishSync(options.db, source.id, outcome);
  // Imports and retirements are written (even a failed sync may have written some): the player's cached
  // answers of bouquets holding a category it changed are stale (decisions 0043, 0100); the others stay.
  await bumpCategoryVersions(options.db, writer.changedCategories);
  // Requested titles that arrived are 'No catálogo' now (decision 0055).
  await markRequestsInLibrary(options.db);
  return outcome;
}

export function createSyncRunner(options: SyncRunnerOptions): SyncRunner {
  const running = new Map<number, { controller: AbortController; done: Promise<SyncOutcome> }>();
  let stopped = false;

  const launch = (source: SourceRow, onProgress?: (progress: SyncProgress) => void) => {
    const controller = new AbortController();
    const done = runClaimed(options, source, controller.signal, onProgress).finally(() =>
      running.delete(source.id),
    );
    running.set(source.id, { controller, done });
    return done;
  };

  return {
    async start(sourceId) {
      if (stopped || running.has(sourceId)) return undefined;
      const claimed = await claimSync(options.db, sourceId);
      if (!claimed) return undefined;
      launch(claimed).catch((error: unknown) => options.onError?.(sourceId, error));
      return claimed;
    },
    async runNow(sourceId, onProgress) {
      if (running.has(sourceId)) return undefined;
      const claimed = await claimSync(options.db, sourceId);
      if (!claimed) return undefined;
      return launch(claimed, onProgress);
    },
    async cancel(sourceId) {
      const current = running.get(sourceId);
      if (!current) return;
      current.controller.abort();
      await current.done.catch(() => undefined);
    },
    async startDue() {
      await failStaleSyncs(options.db, CONTENT_MESSAGES.syncStale);
      const started: number[] = [];
      for (const id of await dueSourceIds(options.db)) {
        if (await this.start(id)) started.push(id);
      }
      return started;
    },
    async stop() {
      stopped = true;
      const all = [...running.values()];
      for (const current of all) current.controller.abort();
      await Promise.all(all.map((current) => current.done.catch(() => undefined)));
    },
    async settled(sourceId) {
      await running.get(sourceId)?.done.catch(() => undefined);
    },
  };
}
