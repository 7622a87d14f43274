import { SYSTEMS } from '@panel/shared/catalog/packages';
import { portalUrl, type LinePortal } from '@panel/shared/portal/portal-api';
import { PORTAL_MESSAGES } from '@panel/shared/portal/portal-messages';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { portalEvents, type LineRow } from '../../db/schema';
import type { Caller } from '../auth/caller';
import { runLineAction } from './line-action-runner';
import { lineRefusal } from './line-errors';
import { requireLineInScope } from './line-scope';

/**
 * The portal of a hybrid line as the panel shows and acts on it (docs/product/portal.md, decisions 0114
 * and 0116): its address and MAC, the box it is locked to and whether another was refused; 'Liberar
 * aparelho' frees the lock; a message goes to the box at its next watchdog call. Same scope and log as
 * every line action (a foreign line answers 404).
 */
export function linePortalView(line: LineRow, baseUrl: string): LinePortal {
  const bound = line.portalSn !== null || line.portalDeviceId !== null || line.portalDeviceId2 !== null;
  return {
    url: portalUrl(baseUrl),
    mac: line.macaddr,
    device: bound ? { model: line.portalModel, sn: line.portalSn } : null,
    refused: line.portalRefusedAt
      ? { at: unixSeconds(line.portalRefusedAt), reason: PORTAL_MESSAGES.deviceMismatch }
      : null,
  };
}

function requireHybrid(line: LineRow): void {
  if (line.system !== SYSTEMS.hybrid) throw lineRefusal(PORTAL_MESSAGES.hybridOnly);
}

export async function getLinePortal(
  db: Database,
  caller: Caller,
  id: number,
  baseUrl: string,
): Promise<LinePortal> {
  const line = await requireLineInScope(db, caller, id);
  requireHybrid(line);
  return linePortalView(line, baseUrl);
}

/** 'Liberar aparelho': the next box to boot binds the line; the current session ends with it. */
export async function releasePortalDevice(
  db: Database,
  caller: Caller,
  id: number,
  baseUrl: string,
): Promise<LinePortal> {
  await runLineAction(db, caller, id, (_tx, line) => {
    requireHybrid(line);
    return {
      changes: {
        portalSn: null,
        portalDeviceId: null,
        portalDeviceId2: null,
        portalModel: null,
        portalRefusedAt: null,
        portalSession: null,
      },
      logs: [{ action: 'release_device', details: { model: line.portalModel } }],
    };
  });
  return getLinePortal(db, caller, id, baseUrl);
}

/** A message shown on the box (a `send_msg` event) until it confirms it. */
export async function sendPortalMessage(
  db: Database,
  caller: Caller,
  id: number,
  message: string,
): Promise<void> {
  await runLineAction(db, caller, id, async (tx, line) => {
    requireHybrid(line);
    await tx.insert(portalEvents).values({ lineId: line.id, event: 'send_msg', message });
    return { changes: {}, logs: [{ action: 'portal_message', details: { message } }] };
  });
}
