import type { Database } from '../../db/database';
import { isPanelHostByConfig } from '../../lib/panel-hosts';
import { findVerifiedDomainId } from './short-link-redirect.repository';

/** Beyond this many remembered hosts the cache starts over: Host headers are chosen by whoever calls. */
const MAX_HOSTS = 10_000;

export interface ShortLinkHosts {
  /**
   * The verified domain named by this host name (lowercase, no port), or null when it names none or is
   * one of the panel's own hosts (decision 0069).
   */
  domainIdOf(host: string): Promise<number | null>;
  /** Forget everything: called after a domain is verified, unverified or removed. */
  clear(): void;
}

/**
 * Host name → verified domain id, remembered for `ttlMs` (SHORT_LINK_HOST_CACHE_MS), misses included, so
 * the panel's own requests cost one lookup per host and period (decision 0049). The panel's own hosts
 * (`panelHosts`, IP literals, localhost) are never looked up (decision 0069).
 */
export function createShortLinkHosts(
  db: Database,
  ttlMs: number,
  panelHosts: ReadonlySet<string>,
): ShortLinkHosts {
  const remembered = new Map<string, { domainId: number | null; until: number }>();
  return {
    async domainIdOf(host) {
      if (isPanelHostByConfig(host, panelHosts)) return null;
      const now = Date.now();
      const known = remembered.get(host);
      if (known && known.until > now) return known.domainId;
      const domainId = (await findVerifiedDomainId(db, host)) ?? null;
      if (ttlMs > 0) {
        if (remembered.size >= MAX_HOSTS) remembered.clear();
        remembered.set(host, { domainId, until: now + ttlMs });
      }
      return domainId;
    },
    clear() {
      remembered.clear();
    },
  };
}
