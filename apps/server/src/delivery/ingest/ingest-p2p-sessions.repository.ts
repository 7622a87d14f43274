import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';

export interface P2pSessionReport {
  sessionKey: string;
  username: string;
  channelName: string;
  durationSeconds: number;
  externalIp: string | null;
  appName: string;
  appVersion: string;
}

/** P2P and hybrid lines: the ones the P2P service plays (lines.system 2 and 3). */
const P2P_SYSTEMS = sql`(2, 3)`;

/**
 * Creates or refreshes the reported sessions in one statement, keyed by (server, session key); the line
 * is found by username among P2P and hybrid lines and its owner_path copied, so the online list of a
 * subtree is one index range. A session reported again after it ended plays again. Answers the keys
 * stored; the others named no such line.
 */
export async function upsertP2pSessions(
  tx: Transaction,
  serverId: number,
  reports: readonly P2pSessionReport[],
): Promise<Set<string>> {
  if (reports.length === 0) return new Set();
  const column = <K extends keyof P2pSessionReport>(key: K) =>
    sql.param(reports.map((report) => report[key]));
  const result = await tx.execute(sql`
    insert into p2p_sessions as s (server_id, session_key, line_id, owner_path, username, channel_name,
      duration_seconds, external_ip, app_name, app_version, last_seen_at, ended_at)
    select ${serverId}, i.session_key, l.id, l.owner_path, l.username, i.channel_name, i.duration,
      i.external_ip, i.app_name, i.app_version, now(), null
    from unnest(
      ${column('sessionKey')}::text[], ${column('username')}::text[], ${column('channelName')}::text[],
      ${column('durationSeconds')}::int[], ${column('externalIp')}::text[], ${column('appName')}::text[],
      ${column('appVersion')}::text[]
    ) as i(session_key, username, channel_name, duration, external_ip, app_name, app_version)
    join lines l on l.username = i.username and l.system in ${P2P_SYSTEMS}
    on conflict (server_id, session_key) do update set
      line_id = excluded.line_id, owner_path = excluded.owner_path, username = excluded.username,
      channel_name = excluded.channel_name, duration_seconds = excluded.duration_seconds,
      external_ip = excluded.external_ip, app_name = excluded.app_name, app_version = excluded.app_version,
      last_seen_at = now(), ended_at = null
    returning s.session_key`);
  return new Set(rowsOf<{ session_key: string }>(result).map((row) => row.session_key));
}

/** Ends this server's sessions by key; answers how many were still open. */
export async function endP2pSessions(
  tx: Transaction,
  serverId: number,
  sessionKeys: readonly string[],
): Promise<number> {
  if (sessionKeys.length === 0) return 0;
  const result = await tx.execute(sql`
    update p2p_sessions set ended_at = now()
    where server_id = ${serverId} and session_key = any(${sql.param(sessionKeys)}::text[])
      and ended_at is null
    returning id`);
  return rowsOf(result).length;
}
