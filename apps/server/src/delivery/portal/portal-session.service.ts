import { normaliseMac, formatMacInput } from '@panel/shared/lines/mac-address';
import type { Database } from '../../db/database';
import type { LineAuthGuard } from '../line-auth/line-auth-guard';
import {
  adoptPortalSession,
  findPortalLineById,
  findPortalLineByMac,
  markPortalRefused,
  type PortalDevice,
  type PortalLine,
} from './portal-line.repository';
import { issuePortalToken, readPortalToken } from './portal-token';

/**
 * Who a portal box is (docs/product/portal.md, decisions 0113 and 0114): its MAC finds a hybrid line at
 * the handshake (through the flood protection: an address trying many MACs is blocked as a password
 * guesser is); get_profile checks the box against the one the line is locked to, binds the first one and
 * adopts the session; every later call needs the adopted session's token.
 */
export interface PortalRequestIdentity {
  /** The `mac` cookie or query parameter, as sent. */
  mac: string | undefined;
  /** The Bearer token, if any. */
  token: string | undefined;
  address: string;
}

/** The MAC in its stored form (aa:bb:cc:dd:ee:ff), or undefined when it is not one. */
export function storedMac(raw: string | undefined): string | undefined {
  const hex = raw ? normaliseMac(raw.trim()) : null;
  return hex ? formatMacInput(hex) : undefined;
}

export type HandshakeOutcome =
  | { outcome: 'token'; token: string }
  | { outcome: 'not-active' }
  | { outcome: 'blocked'; retryAfterSeconds: number };

/**
 * stb/handshake: a token for the hybrid line of the box's MAC. An unknown MAC, or one of a line that is
 * not hybrid, counts against the address (decision 0113); a blocked or expired line still gets its token
 * (get_profile then answers "not active", which the box shows).
 */
export async function handshake(
  db: Database,
  lineAuth: LineAuthGuard,
  secret: string,
  identity: PortalRequestIdentity,
): Promise<HandshakeOutcome> {
  const mac = storedMac(identity.mac);
  if (!mac) return { outcome: 'not-active' };
  const auth = await lineAuth.openPortalMac({ mac, address: identity.address }, () =>
    findPortalLineByMac(db, mac),
  );
  if (auth.outcome === 'blocked') return auth;
  if (auth.outcome === 'refused') return { outcome: 'not-active' };
  return { outcome: 'token', token: issuePortalToken(secret, auth.line.id, mac.replace(/:/g, '')) };
}

/** The line of a token this panel signed whose MAC is still the line's (a changed MAC ends it). */
async function tokenLine(
  db: Database,
  secret: string,
  identity: PortalRequestIdentity,
): Promise<{ line: PortalLine; nonce: string } | undefined> {
  const claims = identity.token ? readPortalToken(secret, identity.token) : undefined;
  if (!claims) return undefined;
  // The cookie, when sent, must name the token's MAC.
  const cookieMac = storedMac(identity.mac);
  const mac = formatMacInput(claims.mac);
  if (identity.mac !== undefined && cookieMac !== mac) return undefined;
  const line = await findPortalLineById(db, claims.lineId, mac);
  return line ? { line, nonce: claims.nonce } : undefined;
}

export interface BoxIds extends PortalDevice {
  model: string | null;
}

const MAX_ID = 128;
const idOf = (value: string | undefined) => (value ? value.trim().slice(0, MAX_ID) || null : null);

/** The ids a get_profile sends (empty ones are none). */
export function boxIds(query: {
  sn?: string;
  device_id?: string;
  device_id2?: string;
  model?: string;
}): BoxIds {
  return {
    sn: idOf(query.sn),
    deviceId: idOf(query.device_id),
    deviceId2: idOf(query.device_id2),
    model: idOf(query.model),
  };
}

/** Whether the box is the one the line is locked to: each id the line holds must be sent the same. */
export function sameBox(locked: PortalDevice, box: PortalDevice): boolean {
  const matches = (held: string | null, sent: string | null) => held === null || held === sent;
  return (
    matches(locked.sn, box.sn) &&
    matches(locked.deviceId, box.deviceId) &&
    matches(locked.deviceId2, box.deviceId2)
  );
}

const isLocked = (device: PortalDevice) =>
  device.sn !== null || device.deviceId !== null || device.deviceId2 !== null;

export type ProfileOutcome =
  | { outcome: 'active'; line: PortalLine }
  /** Unknown token, a line not Active, or another box: status 1 (decision 0114). */
  | { outcome: 'not-active'; line?: PortalLine; reason: 'unknown' | 'status' | 'device' };

/**
 * stb/get_profile: an Active hybrid line whose box is the one it is locked to (or the first one, which
 * binds it) adopts the token's session; another box is refused and the line shows why.
 */
export async function getProfile(
  db: Database,
  secret: string,
  identity: PortalRequestIdentity,
  box: BoxIds,
): Promise<ProfileOutcome> {
  const found = await tokenLine(db, secret, identity);
  if (!found) return { outcome: 'not-active', reason: 'unknown' };
  const { line, nonce } = found;
  if (line.status !== 'Active') return { outcome: 'not-active', line, reason: 'status' };
  if (isLocked(line.device) && !sameBox(line.device, box)) {
    await markPortalRefused(db, line.id);
    return { outcome: 'not-active', line, reason: 'device' };
  }
  const binds = !isLocked(line.device) && isLocked(box);
  await adoptPortalSession(db, line.id, nonce, box, binds);
  return { outcome: 'active', line: { ...line, session: nonce } };
}

/** Any other call: the line of the adopted session, Active; undefined answers "Authorization failed.". */
export async function sessionLine(
  db: Database,
  secret: string,
  identity: PortalRequestIdentity,
): Promise<PortalLine | undefined> {
  const found = await tokenLine(db, secret, identity);
  if (!found || found.line.session !== found.nonce || found.line.status !== 'Active') return undefined;
  return found.line;
}

/**
 * stb/do_auth: clients that sign in with login and password send the line's username and password; true
 * when they are the token's line's.
 */
export async function doAuth(
  db: Database,
  secret: string,
  identity: PortalRequestIdentity,
  login: string | undefined,
  password: string | undefined,
): Promise<boolean> {
  const found = await tokenLine(db, secret, identity);
  return !!found && login === found.line.username && password === found.line.password;
}
