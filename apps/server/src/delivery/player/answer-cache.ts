import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The player's rendered-answer cache (decision 0043): get.php playlists and player_api.php listings as
 * files, keyed by the database, the library version and what the answer depends on (decision 0064). The first request renders through
 * the streamed path (decision 0039) and writes the file at the same time; later ones stream the file.
 * Files are bounded in number and bytes (oldest removed) and files of other versions are removed.
 */

export interface AnswerCacheOptions {
  dir: string;
  /**
   * What the answers are of: the database's own identity (decision 0064). The library version is a sequence
   * that starts again at 1 in every new database, so a folder reused by another database must never match.
   */
  database: string;
  maxFiles: number;
  maxBytes: number;
}

const SUFFIX = '.answer';
/** Temp files older than this are leftovers of a crashed render. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** The file name of an answer: its database, its version, then a hash of everything else it depends on. */
function fileName(database: string, version: string, key: readonly string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 40);
  return `${database}-v${version}-${hash}${SUFFIX}`;
}

const FILE = /^([0-9a-f]{1,64})-v(\d+)-/;

export class AnswerCache {
  /** A random per-cache text in the credential markers: no content can contain it (decision 0043). */
  readonly nonce = randomBytes(12).toString('hex');
  private pruning: Promise<void> | undefined;
  private pruneAgain = false;
  private newest: string | undefined;

  constructor(private readonly options: AnswerCacheOptions) {
    if (!/^[0-9a-f]{1,64}$/.test(options.database)) throw new Error('the database identity is hex');
  }

  static async create(options: AnswerCacheOptions): Promise<AnswerCache> {
    await mkdir(options.dir, { recursive: true });
    return new AnswerCache(options);
  }

  get dir(): string {
    return this.options.dir;
  }

  /**
   * The answer as bytes: the cached file when there is one, else `render()` streamed while it is written
   * to a temp file, renamed into place only when the rendering completed.
   */
  async serve(
    version: string,
    key: readonly string[],
    render: () => AsyncIterable<string>,
  ): Promise<Readable> {
    const path = join(this.options.dir, fileName(this.options.database, version, key));
    try {
      const handle = await open(path, 'r');
      return handle.createReadStream();
    } catch {
      // Not cached (or unreadable): render it.
    }
    return Readable.from(this.tee(render(), path, version), { objectMode: false });
  }

  private async *tee(source: AsyncIterable<string>, path: string, version: string): AsyncGenerator<Buffer> {
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'w').catch(() => undefined);
    let writing = handle !== undefined;
    let complete = false;
    try {
      for await (const chunk of source) {
        const bytes = Buffer.from(chunk, 'utf8');
        yield bytes;
        if (writing) {
          // A full disk only stops the caching, never the answer.
          await handle!.write(bytes).catch(() => {
            writing = false;
          });
        }
      }
      complete = true;
    } finally {
      await handle?.close().catch(() => undefined);
      if (handle && complete && writing) {
        // Concurrent first renders of one answer both get here: the last rename wins, both are whole.
        await rename(temp, path).catch(() => rm(temp, { force: true }));
        this.prune(version);
      } else if (handle) {
        await rm(temp, { force: true }).catch(() => undefined);
      }
    }
  }

  /**
   * Removes files of versions older than the newest seen, then the oldest beyond the bounds. One pass at a
   * time; a request for a pass while one runs gets one more pass after it.
   */
  private prune(version: string): void {
    if (this.newest === undefined || BigInt(version) > BigInt(this.newest)) this.newest = version;
    if (this.pruning) {
      this.pruneAgain = true;
      return;
    }
    this.pruning = this.pruneNow(this.newest)
      .catch(() => undefined)
      .finally(() => {
        this.pruning = undefined;
        if (this.pruneAgain) {
          this.pruneAgain = false;
          this.prune(this.newest ?? version);
        }
      });
  }

  /** Resolves when no prune pass is running (tests). */
  async settled(): Promise<void> {
    while (this.pruning) await this.pruning;
  }

  private async pruneNow(version: string): Promise<void> {
    const now = Date.now();
    const kept: { path: string; size: number; mtime: number }[] = [];
    for (const name of await readdir(this.options.dir)) {
      const path = join(this.options.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
      } else if (name.endsWith(SUFFIX)) {
        const file = FILE.exec(name);
        const fileVersion = BigInt(file?.[2] ?? '0');
        // Another database's answers (a reused folder) are never served: they go. Of this database only
        // older versions go: a slow render of an old version finishing late removes nothing newer.
        if (file?.[1] !== this.options.database || fileVersion < BigInt(version))
          await rm(path, { force: true });
        else if (fileVersion === BigInt(version)) kept.push({ path, size: info.size, mtime: info.mtimeMs });
      }
    }
    kept.sort((a, b) => b.mtime - a.mtime);
    let files = 0;
    let bytes = 0;
    for (const file of kept) {
      files += 1;
      bytes += file.size;
      if (files > this.options.maxFiles || bytes > this.options.maxBytes)
        await rm(file.path, { force: true });
    }
  }
}

/**
 * Replaces markers by their values in a byte stream, markers split across chunks included (decision 0043).
 * Every marker starts with the byte 0x01, which the markers' values (percent-encoded credentials) never hold.
 */
export class MarkerSubstitution extends Transform {
  private readonly markers: { marker: Buffer; value: Buffer }[];
  private carry: Buffer = Buffer.alloc(0);

  constructor(replacements: ReadonlyMap<string, string>) {
    super();
    this.markers = [...replacements].map(([marker, value]) => {
      if (!marker.startsWith('\u0001')) throw new Error('a marker starts with \\u0001');
      return { marker: Buffer.from(marker, 'utf8'), value: Buffer.from(value, 'utf8') };
    });
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback): void {
    const incoming = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, incoming]) : incoming;
    this.carry = Buffer.alloc(0);
    const parts: Buffer[] = [];
    let from = 0;
    for (;;) {
      const at = buffer.indexOf(0x01, from);
      if (at === -1) {
        parts.push(buffer.subarray(from));
        break;
      }
      const rest = buffer.subarray(at);
      const found = this.markers.find(
        ({ marker }) => rest.length >= marker.length && rest.subarray(0, marker.length).equals(marker),
      );
      if (found) {
        parts.push(buffer.subarray(from, at), found.value);
        from = at + found.marker.length;
        continue;
      }
      const partial = this.markers.some(
        ({ marker }) => rest.length < marker.length && marker.subarray(0, rest.length).equals(rest),
      );
      if (partial) {
        // The start of a marker whose end is in the next chunk.
        parts.push(buffer.subarray(from, at));
        this.carry = Buffer.from(rest);
        break;
      }
      // A 0x01 that starts no marker stays as it is.
      parts.push(buffer.subarray(from, at + 1));
      from = at + 1;
    }
    const out = Buffer.concat(parts);
    if (out.length > 0) this.push(out);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.carry.length > 0) this.push(this.carry);
    callback();
  }
}
