import {
  ADULT_CATEGORY_PATTERN,
  type SyncProgress,
  type SyncSummary,
} from '@panel/shared/content-sources/content-sources-api';
import type { Database } from '../../db/database';
import {
  activeIdsAfter,
  joinBouquets,
  mergeStreamInfo,
  retireRows,
  sourceCategories,
  upsertCategories,
  upsertSeries,
  upsertStreams,
  type CategoryValues,
  type SeriesValues,
  type StreamValues,
  type UpsertResult,
} from './content-library.repository';
import { writeProgress } from './content-sources.repository';

export const BATCH_SIZE = 500;

type CountKey = Exclude<keyof SyncSummary, 'epgProgrammes' | 'seconds'>;
type Phase = SyncProgress['phase'];

/** Row ids seen by this sync, one bit each: what is not in it is retired at the end (a few KB, not a list). */
class IdBits {
  private bits = new Uint8Array(1024);
  add(id: number): void {
    const byte = id >> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[byte] = (this.bits[byte] ?? 0) | (1 << (id & 7));
  }
  has(id: number): boolean {
    return ((this.bits[id >> 3] ?? 0) & (1 << (id & 7))) !== 0;
  }
}

const emptyCounts = () => ({ added: 0, updated: 0, retired: 0 });

export interface WriterOptions {
  db: Database;
  sourceId: number;
  signal?: AbortSignal;
  /** Called with every progress write (the CLI prints it, tests measure memory with it). */
  onProgress?: (progress: SyncProgress) => void;
}

/**
 * What one sync writes, whatever the source kind (decision 0038): categories, series and streams in
 * batches of BATCH_SIZE, counted per kind; progress written every batch; at the end, rows of the source
 * this sync did not see are retired.
 */
export class LibraryWriter {
  readonly summary: Omit<SyncSummary, 'seconds'> = {
    categories: emptyCounts(),
    live: emptyCounts(),
    movies: emptyCounts(),
    series: emptyCounts(),
    episodes: emptyCounts(),
    epgProgrammes: 0,
  };
  private readonly seen = { categories: new IdBits(), series: new IdBits(), streams: new IdBits() };
  /**
   * Categories this sync changed anything in (added, updated, moved out of, retired): only their versions
   * are bumped at its end, so answers of bouquets without them stay cached (decision 0100).
   */
  readonly changedCategories = new Set<number>();
  private readonly categoryIds = new Map<string, number>();
  private existingCategories = new Map<
    string,
    { name: string; sortOrder: number; isAdult: boolean; retired: boolean }
  >();
  private readonly streamBatch = new Map<string, StreamValues>();
  private phase: Phase = 'categories';
  private done = 0;
  private total: number | null = null;
  private lastWrite = 0;

  constructor(private readonly options: WriterOptions) {}

  get db(): Database {
    return this.options.db;
  }

  checkAborted(): void {
    this.options.signal?.throwIfAborted();
  }

  async loadCategories(): Promise<void> {
    const rows = await sourceCategories(this.db, this.options.sourceId);
    this.existingCategories = new Map(
      rows.map((row) => [
        `${row.kind}:${row.externalId ?? ''}`,
        { name: row.name, sortOrder: row.sortOrder, isAdult: row.isAdult, retired: row.retiredAt !== null },
      ]),
    );
  }

  /** Upserts categories; adult-looking names become adult. New ones join bouquets. */
  async categories(rows: Omit<CategoryValues, 'isAdult'>[]): Promise<void> {
    const unique = new Map<string, CategoryValues>();
    for (const row of rows) {
      unique.set(`${row.kind}:${row.externalId}`, { ...row, isAdult: ADULT_CATEGORY_PATTERN.test(row.name) });
    }
    const values = [...unique.values()];
    for (let start = 0; start < values.length; start += BATCH_SIZE) {
      const batch = values.slice(start, start + BATCH_SIZE);
      const result = await upsertCategories(this.db, this.options.sourceId, batch);
      const added: number[] = [];
      for (const row of result) {
        const key = `${row.kind}:${row.externalId}`;
        this.categoryIds.set(key, row.id);
        this.seen.categories.add(row.id);
        const before = this.existingCategories.get(key);
        const now = unique.get(key);
        if (row.inserted) {
          added.push(row.id);
          this.changedCategories.add(row.id);
          this.summary.categories.added++;
        } else if (
          before &&
          now &&
          (before.retired ||
            before.name !== now.name ||
            before.sortOrder !== now.sortOrder ||
            before.isAdult !== now.isAdult)
        ) {
          this.changedCategories.add(row.id);
          this.summary.categories.updated++;
        }
      }
      await joinBouquets(this.db, added);
    }
  }

  categoryId(kind: CategoryValues['kind'], externalId: string): number | undefined {
    return this.categoryIds.get(`${kind}:${externalId}`);
  }

  async series(rows: SeriesValues[]): Promise<UpsertResult[]> {
    const unique = [...new Map(rows.map((row) => [row.externalId, row])).values()];
    const result = await upsertSeries(this.db, this.options.sourceId, unique);
    for (const row of result) {
      this.seen.series.add(row.id);
      this.count('series', row);
    }
    return result;
  }

  /**
   * A category known by this sync, or upserted now (M3U groups appear as the playlist is read; Xtream
   * streams may name a category the upstream did not list).
   */
  async ensureCategory(kind: CategoryValues['kind'], externalId: string, name: string): Promise<number> {
    const known = this.categoryId(kind, externalId);
    if (known !== undefined) return known;
    await this.categories([{ kind, externalId, name, sortOrder: this.categoryIds.size + 1 }]);
    const id = this.categoryId(kind, externalId);
    if (id === undefined) throw new Error(`category ${kind}:${externalId} not stored`);
    return id;
  }

  /**
   * Queues a stream; the batch is written when full (duplicates within a batch: the last one wins) and
   * what the database said about it returned.
   */
  async stream(row: StreamValues): Promise<(UpsertResult & { kind: StreamValues['kind'] })[]> {
    this.streamBatch.set(`${row.kind}:${row.externalId}`, row);
    return this.streamBatch.size >= BATCH_SIZE ? this.flush() : [];
  }

  /** Writes the queued streams; returns what the database said for each. */
  async flush(): Promise<(UpsertResult & { kind: StreamValues['kind'] })[]> {
    // Streams of concurrent series share the batch: it is taken whole before the first await.
    if (this.streamBatch.size === 0) return [];
    this.checkAborted();
    const rows = [...this.streamBatch.values()];
    this.streamBatch.clear();
    const result = await upsertStreams(this.db, this.options.sourceId, rows);
    for (const row of result) {
      this.seen.streams.add(row.id);
      this.count(row.kind === 'live' ? 'live' : row.kind === 'movie' ? 'movies' : 'episodes', row);
    }
    return result;
  }

  /** Details fetched after the listing (get_vod_info) join the stream's info. */
  async mergeInfo(id: number, info: Record<string, unknown>, tmdbId: string | null): Promise<void> {
    const categoryId = await mergeStreamInfo(this.db, id, info, tmdbId);
    if (categoryId !== null) this.changedCategories.add(categoryId);
  }

  private count(key: CountKey, row: UpsertResult): void {
    if (row.categoryId !== null) this.changedCategories.add(row.categoryId);
    if (row.previousCategoryId !== null) this.changedCategories.add(row.previousCategoryId);
    if (row.inserted) this.summary[key].added++;
    else if (row.changed) this.summary[key].updated++;
  }

  async startPhase(phase: Phase, total: number | null): Promise<void> {
    this.checkAborted();
    this.phase = phase;
    this.done = 0;
    this.total = total;
    await this.report(true);
  }

  /** `count` more items of the phase done; progress is written at most every few hundred items. */
  async advance(count: number): Promise<void> {
    this.done += count;
    await this.report(false);
  }

  private async report(force: boolean): Promise<void> {
    if (!force && this.done - this.lastWrite < BATCH_SIZE / 2) return;
    this.lastWrite = this.done;
    const progress = { phase: this.phase, done: this.done, total: this.total };
    await writeProgress(this.db, this.options.sourceId, progress);
    this.options.onProgress?.(progress);
  }

  /** Retires what this sync did not see, for the kinds it imported. */
  async retireUnseen(kinds: { streams: StreamValues['kind'][]; series: boolean; categories: boolean }) {
    await this.startPhase('retiring', null);
    const sweep = async (
      table: 'categories' | 'series' | 'streams',
      kind: string | null,
      key: CountKey,
      seen: IdBits,
    ) => {
      let after = 0;
      for (;;) {
        const ids = await activeIdsAfter(this.db, table, this.options.sourceId, kind, after, 5000);
        if (ids.length === 0) return;
        after = ids[ids.length - 1] ?? after;
        const gone = ids.filter((id) => !seen.has(id));
        for (let start = 0; start < gone.length; start += BATCH_SIZE) {
          const categories = await retireRows(this.db, table, gone.slice(start, start + BATCH_SIZE));
          for (const id of categories) this.changedCategories.add(id);
        }
        this.summary[key].retired += gone.length;
      }
    };
    const keyOf = { live: 'live', movie: 'movies', episode: 'episodes' } as const;
    for (const kind of kinds.streams) await sweep('streams', kind, keyOf[kind], this.seen.streams);
    if (kinds.series) await sweep('series', null, 'series', this.seen.series);
    if (kinds.categories) await sweep('categories', null, 'categories', this.seen.categories);
  }
}
