import type { Database } from '../../db/database';
import type { DeliveryNotices } from '../notices/delivery-notices';
import { lookupStreamStart, type StreamStartLookup } from './stream-starts.repository';

/**
 * What a stream start reads before it is authorised (decision 0105), kept in this process so that a line
 * that keeps playing starts its streams without the lookup statement: the line by username (password,
 * block, system, expiry, bouquets), the stream by id (kind, name, extension, first source URL, delivery
 * mode, category; or that no live stream has that id) and whether a category sits in a set of bouquets.
 * The answer is the lookup's row, the same whether it came from here or from the database.
 *
 * Kept only while the process hears the database's notices (`notices.hearing`), which its triggers send
 * when a transaction that changed those rows commits (migration 0022): a `lines` notice drops its lines, a
 * `library` notice every stream and every visibility, a resync of the listener everything. A lookup that
 * was running when a notice arrived is not kept (it may have read the rows before the change). Each entry
 * is also read again after MAX_AGE_MS, a bound should a notice ever be lost. Expiry needs no notice: the
 * status is decided from the kept expiry date on every start.
 */
export interface StartAuthorisationCache {
  /** The lookup's row for this username and stream id (kept or read); undefined for an unknown username. */
  lookup(username: string, streamId: number): Promise<StreamStartLookup | undefined>;
  /** How many lookups were answered from memory and from the database (tests, benchmarks). */
  readonly counts: { kept: number; read: number };
}

type KeptLine = Pick<
  StreamStartLookup,
  'lineId' | 'password' | 'enabled' | 'system' | 'expDate' | 'bouquets'
> & { bouquetsKey: string; keptAt: number };

type KeptStream =
  | (Pick<StreamStartLookup, 'name' | 'kind' | 'containerExtension' | 'sourceUrl' | 'deliveryMode'> & {
      streamId: number;
      categoryId: number | null;
      keptAt: number;
    })
  | { streamId: null; keptAt: number };

/** Read again after this long whatever the notices said. */
export const MAX_AGE_MS = 60_000;
/** Bounds of what one process keeps (oldest first out): a line ~300 bytes, a stream ~400. */
const MAX_LINES = 200_000;
const MAX_STREAMS = 200_000;
const MAX_VISIBILITIES = 100_000;

function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export function createStartAuthorisationCache(
  db: Database,
  notices: DeliveryNotices,
  clock: () => number = Date.now,
): StartAuthorisationCache {
  const lines = new Map<string, KeptLine>();
  /** Line id → the usernames it is kept under (one, unless renamed while kept). */
  const usernamesOf = new Map<number, Set<string>>();
  const streams = new Map<number, KeptStream>();
  /** `${bouquetsKey}:${categoryId}` → whether the category sits in one of those bouquets. */
  const visibility = new Map<string, boolean>();
  /** Bumped by every notice and resync: a lookup that started before one is not kept. */
  let generation = 0;
  const counts = { kept: 0, read: 0 };

  const dropLine = (lineId: number) => {
    for (const username of usernamesOf.get(lineId) ?? []) lines.delete(username);
    usernamesOf.delete(lineId);
  };
  const clearLibrary = () => {
    streams.clear();
    visibility.clear();
  };
  notices.onNotice((notice) => {
    if (notice.kind === 'lines') {
      generation++;
      for (const id of notice.lineIds) dropLine(id);
    } else if (notice.kind === 'library') {
      generation++;
      clearLibrary();
    }
  });
  notices.onResync(() => {
    generation++;
    lines.clear();
    usernamesOf.clear();
    clearLibrary();
  });

  function fromMemory(username: string, streamId: number, now: number): StreamStartLookup | undefined {
    const line = lines.get(username);
    if (!line || now - line.keptAt >= MAX_AGE_MS) return undefined;
    const stream = streams.get(streamId);
    if (!stream || now - stream.keptAt >= MAX_AGE_MS) return undefined;
    const base = {
      lineId: line.lineId,
      password: line.password,
      enabled: line.enabled,
      system: line.system,
      expDate: line.expDate,
      bouquets: line.bouquets,
    };
    if (stream.streamId === null) {
      return {
        ...base,
        streamId: null,
        name: null,
        kind: null,
        containerExtension: null,
        sourceUrl: null,
        deliveryMode: null,
        categoryId: null,
        visible: false,
      };
    }
    let visible = false;
    if (stream.categoryId !== null) {
      const known = visibility.get(`${line.bouquetsKey}:${stream.categoryId}`);
      if (known === undefined) return undefined;
      visible = known;
    }
    return {
      ...base,
      streamId: stream.streamId,
      name: stream.name,
      kind: stream.kind,
      containerExtension: stream.containerExtension,
      sourceUrl: stream.sourceUrl,
      deliveryMode: stream.deliveryMode,
      categoryId: stream.categoryId,
      visible,
    };
  }

  function remember(username: string, streamId: number, row: StreamStartLookup, now: number): void {
    const bouquetsKey = row.bouquets.join(',');
    keep(
      lines,
      username,
      {
        lineId: row.lineId,
        password: row.password,
        enabled: row.enabled,
        system: row.system,
        expDate: row.expDate,
        bouquets: row.bouquets,
        bouquetsKey,
        keptAt: now,
      },
      MAX_LINES,
    );
    const names = usernamesOf.get(row.lineId) ?? new Set<string>();
    names.add(username);
    usernamesOf.set(row.lineId, names);
    // Only a real id can name a stream (the service asks for 0 when the file name is malformed).
    if (streamId <= 0) return;
    if (row.streamId === null || row.kind === null) {
      keep(streams, streamId, { streamId: null, keptAt: now }, MAX_STREAMS);
      return;
    }
    keep(
      streams,
      streamId,
      {
        streamId: row.streamId,
        name: row.name,
        kind: row.kind,
        containerExtension: row.containerExtension,
        sourceUrl: row.sourceUrl,
        deliveryMode: row.deliveryMode,
        categoryId: row.categoryId,
        keptAt: now,
      },
      MAX_STREAMS,
    );
    if (row.categoryId !== null) {
      keep(visibility, `${bouquetsKey}:${row.categoryId}`, row.visible, MAX_VISIBILITIES);
    }
  }

  return {
    counts,
    async lookup(username, streamId) {
      const now = clock();
      if (notices.hearing) {
        const kept = fromMemory(username, streamId, now);
        if (kept) {
          counts.kept++;
          return kept;
        }
      }
      const started = generation;
      const row = await lookupStreamStart(db, username, streamId);
      counts.read++;
      // Kept only when nothing changed meanwhile and the process hears the next change.
      if (row && notices.hearing && started === generation) remember(username, streamId, row, now);
      return row;
    },
  };
}
