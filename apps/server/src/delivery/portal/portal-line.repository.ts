import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { lines, portalEvents } from '../../db/schema';
import { PLAYER_LINE_COLUMNS, playerLineStatus, type PlayerLine } from '../player/player-line';

/**
 * The hybrid line a portal box is (docs/product/portal.md, decisions 0113 and 0114): found by its MAC,
 * with the box it is locked to and the session its get_profile adopted. Only hybrid lines (system 3) have
 * the portal: an IPTV line's apps sign in with username and password.
 */
export const HYBRID_SYSTEM = 3;

export interface PortalDevice {
  sn: string | null;
  deviceId: string | null;
  deviceId2: string | null;
}

export interface PortalLine extends PlayerLine {
  /** aa:bb:cc:dd:ee:ff */
  mac: string;
  device: PortalDevice;
  refusedAt: Date | null;
  /** The handshake nonce get_profile adopted, or null. */
  session: string | null;
}

const columns = {
  ...PLAYER_LINE_COLUMNS,
  macaddr: lines.macaddr,
  sn: lines.portalSn,
  deviceId: lines.portalDeviceId,
  deviceId2: lines.portalDeviceId2,
  refusedAt: lines.portalRefusedAt,
  session: lines.portalSession,
};

interface Row {
  id: number;
  username: string;
  password: string;
  enabled: number;
  system: number;
  expDate: Date;
  createdAt: Date;
  isTrial: number;
  maxConnections: number;
  bouquets: number[];
  macaddr: string | null;
  sn: string | null;
  deviceId: string | null;
  deviceId2: string | null;
  refusedAt: Date | null;
  session: string | null;
}

function toPortalLine(row: Row, now: Date): PortalLine | undefined {
  if (row.system !== HYBRID_SYSTEM || !row.macaddr) return undefined;
  return {
    id: row.id,
    username: row.username,
    password: row.password,
    status: playerLineStatus(row, now),
    expDate: row.expDate,
    createdAt: row.createdAt,
    isTrial: row.isTrial === 1,
    maxConnections: row.maxConnections,
    bouquets: row.bouquets,
    mac: row.macaddr,
    device: { sn: row.sn, deviceId: row.deviceId, deviceId2: row.deviceId2 },
    refusedAt: row.refusedAt,
    session: row.session,
  };
}

/** The hybrid line of a MAC (stored form aa:bb:…), whatever its status; undefined when none. */
export async function findPortalLineByMac(
  db: Database,
  mac: string,
  now = new Date(),
): Promise<PortalLine | undefined> {
  const [row] = await db.select(columns).from(lines).where(eq(lines.macaddr, mac));
  return row ? toPortalLine(row, now) : undefined;
}

/** The hybrid line of an id, still holding `mac`; undefined otherwise (a MAC changed since the handshake). */
export async function findPortalLineById(
  db: Database,
  id: number,
  mac: string,
  now = new Date(),
): Promise<PortalLine | undefined> {
  const [row] = await db.select(columns).from(lines).where(eq(lines.id, id));
  return row && row.macaddr === mac ? toPortalLine(row, now) : undefined;
}

/**
 * get_profile's success: the session adopted and, on a line not locked yet, the box bound (only the ids it
 * sent; decision 0114). One statement; the lock is taken only if still free, so two first boxes racing
 * bind one of them (the other is refused at its next call).
 */
export async function adoptPortalSession(
  db: Database,
  lineId: number,
  session: string,
  device: PortalDevice & { model: string | null },
  bind: boolean,
): Promise<void> {
  const lock = bind
    ? {
        portalSn: sql`case when ${lines.portalSn} is null and ${lines.portalDeviceId} is null
          and ${lines.portalDeviceId2} is null then ${device.sn} else ${lines.portalSn} end`,
        portalDeviceId: sql`case when ${lines.portalSn} is null and ${lines.portalDeviceId} is null
          and ${lines.portalDeviceId2} is null then ${device.deviceId} else ${lines.portalDeviceId} end`,
        portalDeviceId2: sql`case when ${lines.portalSn} is null and ${lines.portalDeviceId} is null
          and ${lines.portalDeviceId2} is null then ${device.deviceId2} else ${lines.portalDeviceId2} end`,
        portalModel: sql`case when ${lines.portalSn} is null and ${lines.portalDeviceId} is null
          and ${lines.portalDeviceId2} is null then ${device.model} else ${lines.portalModel} end`,
      }
    : {};
  await db
    .update(lines)
    .set({ portalSession: session, ...lock })
    .where(eq(lines.id, lineId));
}

/** Another box was refused: the reason shows on the line (written once until released). */
export async function markPortalRefused(db: Database, lineId: number): Promise<void> {
  await db
    .update(lines)
    .set({ portalRefusedAt: sql`now()` })
    .where(and(eq(lines.id, lineId), isNull(lines.portalRefusedAt)));
}

export interface PendingPortalEvent {
  id: number;
  event: string;
  message: string;
  createdAt: Date;
  pending: number;
}

/** The oldest event the box has not confirmed, with how many are pending. */
export async function nextPortalEvent(db: Database, lineId: number): Promise<PendingPortalEvent | undefined> {
  const rows = await db
    .select({
      id: portalEvents.id,
      event: portalEvents.event,
      message: portalEvents.message,
      createdAt: portalEvents.createdAt,
      pending: sql<number>`(count(*) over ())::int`,
    })
    .from(portalEvents)
    .where(and(eq(portalEvents.lineId, lineId), isNull(portalEvents.confirmedAt)))
    .orderBy(asc(portalEvents.id))
    .limit(1);
  return rows[0];
}

/** The box confirmed an event of its own line. */
export async function confirmPortalEvent(db: Database, lineId: number, eventId: number): Promise<void> {
  await db
    .update(portalEvents)
    .set({ confirmedAt: sql`now()` })
    .where(
      and(eq(portalEvents.id, eventId), eq(portalEvents.lineId, lineId), isNull(portalEvents.confirmedAt)),
    );
}
