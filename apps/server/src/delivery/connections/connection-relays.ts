/**
 * What this process relays for each connection in proxy mode (decisions 0044, 0062): an AbortController per
 * connection, so a disconnect (or the screens limit ending the oldest) cuts its relays at once; how many
 * answers of the stream URL are in flight (media bodies and the playlist of an HLS start: when the last one
 * ends, the screen is held only for the grace); and the ids cut here, so their `/hls/` tokens are refused
 * without asking the database. In memory, per process: other nodes learn of an end from the database (the
 * sweeper's refresh, a token's refresh).
 */
interface Entry {
  controller: AbortController;
  /** Relays in flight (stream URL answers and `/hls/` requests). */
  inFlight: number;
  /** Answers of the stream URL in flight: the grace starts when the last one ends. */
  starts: number;
}

const MAX_REMEMBERED = 100_000;

/** A relay of the stream URL (a start, a seek: its end starts the grace) or of a `/hls/` token URL. */
export type RelayKind = 'stream' | 'token';

export interface RelayHandle {
  /** Aborted when the connection is cut. */
  signal: AbortSignal;
  /**
   * Call when the relay is over (again: nothing); answers true when it was the connection's last answer of
   * the stream URL in flight here (counted from the moment each was attached, so a seek that started before
   * the previous request closed keeps the screen).
   */
  release(): boolean;
}

export class ConnectionRelays {
  private readonly entries = new Map<number, Entry>();
  /** Connection id → when it was cut here (ms). */
  private readonly cut = new Map<number, number>();
  /** Connection id → when this process last wrote its last_seen_at (ms). */
  private readonly refreshed = new Map<number, number>();

  /** Registers a relay of the connection. */
  attach(connectionId: number, kind: RelayKind): RelayHandle {
    let entry = this.entries.get(connectionId);
    if (!entry) {
      entry = { controller: new AbortController(), inFlight: 0, starts: 0 };
      this.entries.set(connectionId, entry);
    }
    if (this.isCut(connectionId)) entry.controller.abort();
    entry.inFlight++;
    if (kind === 'stream') entry.starts++;
    const current = entry;
    let released = false;
    return {
      signal: current.controller.signal,
      release: () => {
        if (released) return false;
        released = true;
        current.inFlight--;
        if (kind === 'stream') current.starts--;
        if (current.inFlight <= 0 && this.entries.get(connectionId) === current) {
          this.entries.delete(connectionId);
        }
        return kind === 'stream' && current.starts <= 0;
      },
    };
  }

  /** Cuts every relay of the connection now and refuses its tokens from then on. */
  cutConnection(connectionId: number, now = Date.now()): void {
    this.remember(this.cut, connectionId, now);
    this.entries.get(connectionId)?.controller.abort();
  }

  isCut(connectionId: number): boolean {
    return this.cut.has(connectionId);
  }

  /**
   * Connections with an answer of the stream URL in flight here: the sweeper keeps them seen. A `/hls/`
   * token relay is not counted: each of its requests holds the screen for the grace only (decision 0062),
   * and a sweep holding it for the whole TTL would keep a stopped HLS player's screen that long.
   */
  relayed(): number[] {
    return [...this.entries].filter(([, entry]) => entry.starts > 0).map(([id]) => id);
  }

  /** Whether an answer of the stream URL of the connection is still in flight here. */
  streaming(connectionId: number): boolean {
    return (this.entries.get(connectionId)?.starts ?? 0) > 0;
  }

  /** Whether last_seen_at is due again (written at most once per `intervalMs` per connection). */
  refreshDue(connectionId: number, intervalMs: number, now = Date.now()): boolean {
    const last = this.refreshed.get(connectionId);
    return last === undefined || now - last >= intervalMs;
  }

  markRefreshed(connectionId: number, now = Date.now()): void {
    this.remember(this.refreshed, connectionId, now);
  }

  /** Forgets what is older than `maxAgeMs` (the sweeper calls it: tokens live that long). */
  prune(maxAgeMs: number, now = Date.now()): void {
    for (const map of [this.cut, this.refreshed]) {
      for (const [id, at] of map) if (now - at > maxAgeMs) map.delete(id);
    }
  }

  private remember(map: Map<number, number>, id: number, now: number): void {
    map.delete(id);
    map.set(id, now);
    if (map.size > MAX_REMEMBERED) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
  }
}
