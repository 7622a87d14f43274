import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The player's rendered-answer cache (decisions 0043, 0100): get.php playlists and player_api.php listings
 * as files, keyed by the database, what the answer depends on (decision 0064) and its version. In one
 * process an answer renders once at a time (single flight): the render writes a temp file, every request
 * for it reads that file as it grows and the file is renamed into place when whole. While the current
 * version renders, the newest older file of the same answer is served (stale while revalidating), within
 * the version's floor and for at most `maxStaleMs` after this process first saw it superseded. Files are
 * bounded in number and bytes (oldest removed); of each answer only its newest whole file is kept.
 */

export interface AnswerCacheOptions {
  dir: string;
  /**
   * What the answers are of: the database's own identity (decision 0064). Versions come from a sequence
   * that starts again at 1 in every new database, so a folder reused by another database must never match.
   */
  database: string;
  maxFiles: number;
  maxBytes: number;
  /** How long an answer may be served after its successor was first asked for (decision 0100). */
  maxStaleMs?: number;
  /** A render that failed (its requests fail with it; the next request renders again). */
  onRenderError?: (error: unknown) => void;
}

/** The version an answer is asked at, and the oldest version that may still be served (decision 0100). */
export interface AnswerVersion {
  current: string;
  floor: string;
}

export const DEFAULT_MAX_STALE_MS = 5 * 60 * 1000;
const SUFFIX = '.answer';
/** Temp files older than this are leftovers of a crashed render. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** What one read of a growing answer takes at most: the memory a request holds, not the answer's size. */
const READ_CHUNK = 64 * 1024;

const FILE = /^([0-9a-f]{1,64})-([0-9a-f]{40})-v(\d+)\.answer$/;

/** A render in progress: its temp file, how much of it is written, and the readers waiting for more. */
interface Flight {
  path: string;
  temp: string;
  written: number;
  /** Resolves true once the temp file is open for writing, false when it could not be. */
  opened: Promise<boolean>;
  done: boolean;
  error?: unknown;
  waiters: Set<() => void>;
  finished: Promise<void>;
}

function wake(flight: Flight): void {
  const waiters = [...flight.waiters];
  flight.waiters.clear();
  for (const waiter of waiters) waiter();
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Counts for tests and the stampede benchmark. */
export interface AnswerCacheStats {
  /** Renders started (each one per answer and version at a time). */
  renders: number;
  /** Requests answered with the previous version while the current one rendered. */
  stale: number;
  /** Requests that read a render in progress. */
  joined: number;
}

export class AnswerCache {
  /** A random per-cache text in the credential markers: no content can contain it (decision 0043). */
  readonly nonce = randomBytes(12).toString('hex');
  readonly stats: AnswerCacheStats = { renders: 0, stale: 0, joined: 0 };
  private pruning: Promise<void> | undefined;
  private pruneAgain = false;
  private readonly flights = new Map<string, Flight>();
  /** The newest whole file this process knows of each answer (by key hash). */
  private readonly newest = new Map<string, { version: bigint; path: string }>();
  /** Since when this process has served each answer's newest file while a newer version rendered. */
  private readonly superseded = new Map<string, { version: bigint; since: number }>();

  constructor(private readonly options: AnswerCacheOptions) {
    if (!/^[0-9a-f]{1,64}$/.test(options.database)) throw new Error('the database identity is hex');
  }

  static async create(options: AnswerCacheOptions): Promise<AnswerCache> {
    await mkdir(options.dir, { recursive: true });
    const cache = new AnswerCache(options);
    await cache.loadIndex();
    return cache;
  }

  get dir(): string {
    return this.options.dir;
  }

  /** The whole files already in the folder (a restart): they are the stale answers to serve while renders run. */
  private async loadIndex(): Promise<void> {
    for (const name of await readdir(this.options.dir).catch(() => [] as string[])) {
      const file = FILE.exec(name);
      if (file?.[1] === this.options.database) this.remember(file[2]!, BigInt(file[3]!), name);
    }
  }

  private remember(hash: string, version: bigint, name: string): void {
    const known = this.newest.get(hash);
    if (!known || known.version < version)
      this.newest.set(hash, { version, path: join(this.options.dir, name) });
    // A newer whole file: the one that was superseded is not served any more.
    const superseded = this.superseded.get(hash);
    if (superseded && superseded.version < version) this.superseded.delete(hash);
  }

  /**
   * The answer as bytes: the file of the current version when there is one; else, when allowed, the
   * previous version's file while the current one renders; else the render in progress (started now when
   * none is), read as it is written.
   */
  async serve(
    version: AnswerVersion,
    key: readonly string[],
    render: () => AsyncIterable<string>,
  ): Promise<Readable> {
    const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 40);
    const current = BigInt(version.current);
    const name = `${this.options.database}-${hash}-v${current}${SUFFIX}`;
    const path = join(this.options.dir, name);
    const fresh = await open(path, 'r').catch(() => undefined);
    if (fresh) {
      this.remember(hash, current, name);
      return fresh.createReadStream();
    }
    const known = this.newest.get(hash);
    if (known?.version === current) {
      // Renamed into place by a render that finished while this request looked for the file.
      const handle = await open(known.path, 'r').catch(() => undefined);
      if (handle) return handle.createReadStream();
      this.newest.delete(hash);
    }
    const previous = this.previousOf(hash, current, BigInt(version.floor));
    // Checked and started with no await between: two requests never both start a render of one answer.
    const flight = this.flights.get(path) ?? this.startFlight(path, name, hash, current, render);
    if (previous) {
      const handle = await open(previous, 'r').catch(() => undefined);
      if (handle) {
        this.stats.stale += 1;
        return handle.createReadStream();
      }
      this.newest.delete(hash);
    }
    if (!(await flight.opened)) {
      // No temp file (a full or read-only disk): this request renders for itself, as without a cache.
      return Readable.from(render(), { objectMode: false });
    }
    this.stats.joined += 1;
    return new GrowingFileReader(flight);
  }

  /**
   * The previous version's file of the answer, when it may be served (decision 0100): not below the floor,
   * and for at most maxStaleMs since this process first served it superseded (however often the current
   * version moved meanwhile).
   */
  private previousOf(hash: string, current: bigint, floor: bigint): string | undefined {
    const known = this.newest.get(hash);
    if (!known || known.version >= current || known.version < floor) return undefined;
    const now = Date.now();
    let superseded = this.superseded.get(hash);
    if (superseded?.version !== known.version) {
      superseded = { version: known.version, since: now };
      this.superseded.set(hash, superseded);
    }
    if (now - superseded.since > (this.options.maxStaleMs ?? DEFAULT_MAX_STALE_MS)) return undefined;
    return known.path;
  }

  private startFlight(
    path: string,
    name: string,
    hash: string,
    version: bigint,
    render: () => AsyncIterable<string>,
  ): Flight {
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    let markOpened!: (opened: boolean) => void;
    const flight: Flight = {
      path,
      temp,
      written: 0,
      opened: new Promise((resolve) => (markOpened = resolve)),
      done: false,
      waiters: new Set(),
      finished: Promise.resolve(),
    };
    this.flights.set(path, flight);
    this.stats.renders += 1;
    flight.finished = this.run(flight, name, hash, version, render, markOpened).finally(() => {
      this.flights.delete(path);
      wake(flight);
    });
    return flight;
  }

  /** Renders into the temp file, whatever its readers do (they may all leave: the next ones get the file). */
  private async run(
    flight: Flight,
    name: string,
    hash: string,
    version: bigint,
    render: () => AsyncIterable<string>,
    markOpened: (opened: boolean) => void,
  ): Promise<void> {
    let handle: FileHandle;
    try {
      handle = await open(flight.temp, 'w');
    } catch {
      markOpened(false);
      return;
    }
    markOpened(true);
    try {
      for await (const chunk of render()) {
        const bytes = Buffer.from(chunk, 'utf8');
        await handle.write(bytes);
        flight.written += bytes.length;
        wake(flight);
      }
      await handle.close();
      await rename(flight.temp, flight.path);
      flight.done = true;
      this.remember(hash, version, name);
      this.prune();
    } catch (error) {
      // A failed render leaves nothing behind: its readers fail, the next request renders again.
      flight.error = error;
      await handle.close().catch(() => undefined);
      await rm(flight.temp, { force: true }).catch(() => undefined);
      this.options.onRenderError?.(error);
    }
  }

  /**
   * Removes, of each answer, the files older than its newest whole one (another database's all), then the
   * oldest beyond the bounds. One pass at a time; a request for a pass while one runs gets one more after it.
   */
  private prune(): void {
    if (this.pruning) {
      this.pruneAgain = true;
      return;
    }
    this.pruning = this.pruneNow()
      .catch(() => undefined)
      .finally(() => {
        this.pruning = undefined;
        if (this.pruneAgain) {
          this.pruneAgain = false;
          this.prune();
        }
      });
  }

  /** Resolves when no render and no prune pass is running (tests, closing). */
  async settled(): Promise<void> {
    while (this.pruning || this.flights.size > 0) {
      await Promise.all([this.pruning, ...[...this.flights.values()].map((flight) => flight.finished)]);
    }
  }

  private async pruneNow(): Promise<void> {
    const now = Date.now();
    const files: { path: string; hash: string; version: bigint; size: number; mtime: number }[] = [];
    for (const name of await readdir(this.options.dir)) {
      const path = join(this.options.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
      } else if (name.endsWith(SUFFIX)) {
        const file = FILE.exec(name);
        // Another database's answers (a reused folder) are never served: they go.
        if (file?.[1] !== this.options.database) await rm(path, { force: true });
        else
          files.push({
            path,
            hash: file[2]!,
            version: BigInt(file[3]!),
            size: info.size,
            mtime: info.mtimeMs,
          });
      }
    }
    const newest = new Map<string, bigint>();
    for (const file of files) {
      const known = newest.get(file.hash);
      if (known === undefined || known < file.version) newest.set(file.hash, file.version);
    }
    // An older version goes only once a newer whole file of the same answer is there: until then it is
    // what is served while the newer one renders.
    const kept = [];
    for (const file of files) {
      if (file.version < newest.get(file.hash)!) await rm(file.path, { force: true });
      else kept.push(file);
    }
    kept.sort((a, b) => b.mtime - a.mtime);
    let count = 0;
    let bytes = 0;
    for (const file of kept) {
      count += 1;
      bytes += file.size;
      if (count > this.options.maxFiles || bytes > this.options.maxBytes) {
        await rm(file.path, { force: true });
        if (this.newest.get(file.hash)?.path === file.path) this.newest.delete(file.hash);
      }
    }
  }
}

/**
 * A render's temp file read as it grows, READ_CHUNK at a time, until the render is done (then to its end)
 * or failed (then the stream fails). The file stays readable after its rename: the handle is kept open.
 */
class GrowingFileReader extends Readable {
  private handle: FileHandle | undefined;
  private position = 0;
  private waiting: (() => void) | undefined;

  constructor(private readonly flight: Flight) {
    super();
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.flight.temp, 'r')
      .catch(async (error: unknown) => {
        // Finished and renamed before this reader opened it: the whole file is in place.
        if (this.flight.done) return open(this.flight.path, 'r');
        await this.flight.finished;
        if (this.flight.done) return open(this.flight.path, 'r');
        throw asError(this.flight.error ?? error);
      })
      .then((handle) => {
        this.handle = handle;
        callback();
      })
      .catch((error: unknown) => callback(error as Error));
  }

  override _read(): void {
    this.readMore().catch((error: unknown) => this.destroy(error as Error));
  }

  private async readMore(): Promise<void> {
    for (;;) {
      const flight = this.flight;
      const available = flight.written - this.position;
      if (available > 0 || flight.done) {
        const size = flight.done ? READ_CHUNK : Math.min(READ_CHUNK, available);
        const buffer = Buffer.allocUnsafe(size);
        const { bytesRead } = await this.handle!.read(buffer, 0, size, this.position);
        if (bytesRead === 0 && flight.done) {
          this.push(null);
          return;
        }
        if (bytesRead > 0) {
          this.position += bytesRead;
          this.push(buffer.subarray(0, bytesRead));
          return;
        }
      }
      if (flight.error !== undefined) throw asError(flight.error);
      // Nothing new yet: woken by the render's next write, its end or its failure.
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        flight.waiters.add(resolve);
      });
      this.waiting = undefined;
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.waiting) this.flight.waiters.delete(this.waiting);
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(error);
    handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}

/**
 * Replaces markers by their values in a byte stream, markers split across chunks included (decision 0043).
 * Every marker starts with the byte 0x01, which the markers' values (percent-encoded credentials) never hold.
 * Markers and values are ASCII, so each chunk is read as latin1 (one character per byte: any bytes, UTF-8
 * included, come back unchanged) and replaced natively: every byte of every cached get.php passes here, so
 * this is most of what serving one costs (about 8× less than a replacement per 0x01 found, decision 0100).
 */
export class MarkerSubstitution extends Transform {
  private readonly markers: [string, string][];
  private readonly longest: number;
  private carry = '';

  constructor(replacements: ReadonlyMap<string, string>) {
    super();
    this.markers = [...replacements].map(([marker, value]) => {
      if (!marker.startsWith('\u0001')) throw new Error('a marker starts with \\u0001');
      // Byte-exact through latin1 only for one-byte characters.
      if (!/^\p{ASCII}*$/u.test(marker + value)) throw new Error('markers and values are ASCII');
      return [marker, value];
    });
    this.longest = Math.max(0, ...this.markers.map(([marker]) => marker.length));
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback): void {
    const incoming = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let text = this.carry + incoming.toString('latin1');
    for (const [marker, value] of this.markers) text = text.replaceAll(marker, value);
    // A 0x01 near the end that starts a marker not whole yet: the rest of it is in the next chunk. (Whole
    // markers are replaced already, and values hold no 0x01; a 0x01 that starts no marker stays as it is.)
    this.carry = '';
    for (
      let at = text.indexOf('\u0001', Math.max(0, text.length - this.longest + 1));
      at !== -1;
      at = text.indexOf('\u0001', at + 1)
    ) {
      const rest = text.slice(at);
      if (this.markers.some(([marker]) => marker.length > rest.length && marker.startsWith(rest))) {
        this.carry = rest;
        text = text.slice(0, at);
        break;
      }
    }
    if (text.length > 0) this.push(Buffer.from(text, 'latin1'));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.carry.length > 0) this.push(Buffer.from(this.carry, 'latin1'));
    callback();
  }
}
