/**
 * What this process relays for each connection in proxy mode (decision 0044): an AbortController per
 * connection, so a disconnect (or the screens limit ending the oldest) cuts its relays at once; how many
 * media bodies of the stream URL are open (the connection ends when the last one does); and the ids cut
 * here, so their `/hls/` tokens are refused without asking the database. In memory, per process: other
 * nodes learn of an end from the database (the sweeper's refresh, a token's refresh).
 */
interface Entry {
  controller: AbortController;
  /** Relays in flight (media bodies and `/hls/` requests). */
  inFlight: number;
  /** Media bodies of the stream URL in flight: the connection ends with the last. */
  bodies: number;
}

const MAX_REMEMBERED = 100_000;

export interface RelayHandle {
  /** Aborted when the connection is cut. */
  signal: AbortSignal;
  /** The relay turned out to be a media body of the stream URL (not a playlist): the connection ends with it. */
  countAsBody(): void;
  /**
   * Call when the relay is over (again: nothing); answers true when it was the connection's last media body
   * and nothing else of the connection is relayed here.
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
  attach(connectionId: number): RelayHandle {
    let entry = this.entries.get(connectionId);
    if (!entry) {
      entry = { controller: new AbortController(), inFlight: 0, bodies: 0 };
      this.entries.set(connectionId, entry);
    }
    if (this.isCut(connectionId)) entry.controller.abort();
    entry.inFlight++;
    const current = entry;
    let released = false;
    let body = false;
    return {
      signal: current.controller.signal,
      countAsBody: () => {
        if (body || released) return;
        body = true;
        current.bodies++;
      },
      release: () => {
        if (released) return false;
        released = true;
        current.inFlight--;
        if (body) current.bodies--;
        if (current.inFlight <= 0 && this.entries.get(connectionId) === current) {
          this.entries.delete(connectionId);
        }
        // Another relay of the connection already started here (a seek, the same device again): it holds
        // the screen, so this end frees nothing.
        return body && current.bodies <= 0 && current.inFlight <= 0;
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

  /** Connections with a relay in flight here: the sweeper keeps them seen. */
  relayed(): number[] {
    return [...this.entries.keys()];
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
