import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { lines } from '../../db/schema';
import { afterFirstUse } from '../code-activation/code-activation';

/**
 * The line a player app signs in as (docs/product/api.md#player-api, decision 0037). The player API,
 * get.php, xmltv.php and the stream URLs all start here. Statuses are Xtream Codes' words, which apps
 * read: a blocked line is "Banned", a P2P line (watched in the P2P app, not over Xtream) "Disabled".
 */
export type PlayerLineStatus = 'Active' | 'Expired' | 'Banned' | 'Disabled';

export interface PlayerLine {
  id: number;
  username: string;
  password: string;
  status: PlayerLineStatus;
  expDate: Date;
  createdAt: Date;
  isTrial: boolean;
  maxConnections: number;
  /** The bouquets whose categories the line sees. */
  bouquets: number[];
}

const P2P_SYSTEM = 2;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function playerLineStatus(
  row: { enabled: number; expDate: Date; system: number },
  now: Date,
): PlayerLineStatus {
  if (row.enabled !== 1) return 'Banned';
  if (row.system === P2P_SYSTEM) return 'Disabled';
  if (row.expDate.getTime() <= now.getTime()) return 'Expired';
  return 'Active';
}

/** The line with this username and password, whatever its status; undefined when either is wrong. */
/** The columns of a line that the player API and the portal read (a `PlayerLine`). */
export const PLAYER_LINE_COLUMNS = {
  id: lines.id,
  username: lines.username,
  password: lines.password,
  enabled: lines.enabled,
  system: lines.system,
  expDate: lines.expDate,
  createdAt: lines.createdAt,
  isTrial: lines.isTrial,
  maxConnections: lines.maxConnections,
  bouquets: lines.bouquets,
};

export async function findPlayerLine(
  db: Database,
  username: string,
  password: string,
  now = new Date(),
): Promise<PlayerLine | undefined> {
  if (!username || !password) return undefined;
  const [row] = await db.select(PLAYER_LINE_COLUMNS).from(lines).where(eq(lines.username, username));
  if (!row || !sameText(row.password, password)) return undefined;
  // An activation code's first use starts its clock (decision 0145).
  const used = await afterFirstUse(db, row);
  if (!used) return undefined;
  return {
    id: used.id,
    username: used.username,
    password: used.password,
    status: playerLineStatus(used, now),
    expDate: used.expDate,
    createdAt: used.createdAt,
    isTrial: used.isTrial === 1,
    maxConnections: used.maxConnections,
    bouquets: used.bouquets,
  };
}
