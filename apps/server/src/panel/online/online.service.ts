import {
  P2P_ONLINE_MAX_ROWS,
  type GeoIpSource,
  type OnlineConnectionList,
  type OnlineConnectionQuery,
  type P2pOnlineList,
} from '@panel/shared/online/online-api';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import { missingCountryReason } from '../../lib/geoip-address';
import type { Caller } from '../auth/caller';
import { listScopeOf } from '../scope/caller-scope';
import { listOnlineConnections, listP2pSessions, ONLINE_TOTAL_CAP } from './online.repository';

/** The LIKE pattern of the caller's subtree, or null for an admin (everything). */
function scopePattern(caller: Caller): string | null {
  const scope = listScopeOf(caller);
  return scope.kind === 'all' ? null : scope.pattern;
}

/** Rows seen within the TTL are active (decision 0044). */
function activeSince(now: Date, ttlSeconds: number): Date {
  return new Date(now.getTime() - ttlSeconds * 1000);
}

/**
 * GET /api/users/connections (docs/product/screens.md#online-users): the active IPTV connections of the
 * caller's subtree, newest first. `total` is exact up to 1.000; past it `total_exact` is false and `pages`
 * still reaches the next page (decision 0046). A row without a country says why, and the meta names the
 * country database, whose credit the screen shows (decision 0074).
 */
export async function onlineConnections(
  db: Database,
  caller: Caller,
  query: OnlineConnectionQuery,
  settings: { ttlSeconds: number; geoIpSource: GeoIpSource },
): Promise<OnlineConnectionList> {
  const { ttlSeconds } = settings;
  const now = new Date();
  const result = await listOnlineConnections(db, scopePattern(caller), activeSince(now, ttlSeconds), {
    offset: (query.page - 1) * query.per,
    limit: query.per,
  });
  const exact = result.counted <= ONLINE_TOTAL_CAP;
  const meta = listMeta(query.page, query.per, exact ? result.counted : ONLINE_TOTAL_CAP);
  // A page past the end (its rows were disconnected, or ended) does not count as reachable: `pages` then
  // sends the panel's footer back to the last page that has rows.
  const reachable = result.hasMore ? query.page + 1 : result.rows.length > 0 ? query.page : 1;
  const serverTime = now.toISOString();
  return {
    data: result.rows.map((row) => ({
      id: row.id,
      user_id: row.lineId,
      username: row.username,
      master_username: row.masterUsername,
      divergence: row.divergence,
      is_trial: row.isTrial,
      geoip_country_code: row.country,
      geoip_missing: row.country === null ? missingCountryReason(row.ip) : null,
      user_agent: row.userAgent ?? '',
      watching: row.watching,
      server_time: serverTime,
      date_start: row.startedAt.toISOString(),
    })),
    meta: {
      ...meta,
      pages: Math.max(meta.pages, reachable),
      total_exact: exact,
      geoip_source: settings.geoIpSource,
    },
  };
}

/** GET /api/p2p-users/online: the active P2P sessions of the subtree, at most P2P_ONLINE_MAX_ROWS. */
export async function onlineP2pSessions(
  db: Database,
  caller: Caller,
  ttlSeconds: number,
): Promise<P2pOnlineList> {
  const rows = await listP2pSessions(
    db,
    scopePattern(caller),
    activeSince(new Date(), ttlSeconds),
    P2P_ONLINE_MAX_ROWS,
  );
  return {
    data: rows.map((row) => ({
      username: row.username,
      channel_name: row.channelName,
      duration: row.durationSeconds,
      external_ip: row.externalIp,
      app_name: row.appName,
      app_version: row.appVersion,
    })),
  };
}
