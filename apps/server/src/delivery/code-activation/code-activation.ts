import { activationCodeOf, isWaitingExpiry } from '@panel/shared/activation-codes/activation-code';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import { activateCodes, lineExpirySeconds } from './code-activation.repository';

/**
 * Where a line's password is accepted for delivery (the player API, get.php, xmltv.php, the stream URLs)
 * an activation code's line in waiting is activated (decision 0145). The portal serves hybrid lines only,
 * which codes never are; a P2P code is used in the P2P app, so it is activated by the first session the
 * P2P service reports (`activateReportedP2pCodes`).
 */
export interface DeliveredLine {
  id: number;
  expDate: Date;
  system: number;
}

/**
 * The line as it is after this use: itself when it is no waiting code (no query), else with the expiry
 * its activation set, by this use or by a simultaneous one; undefined when the code was cancelled meanwhile.
 */
export async function afterFirstUse<T extends DeliveredLine>(db: Database, line: T): Promise<T | undefined> {
  if (!isWaitingExpiry(unixSeconds(line.expDate)) || line.system === SYSTEMS.p2p) return line;
  const [activated] = await activateCodes(db, sql`c.line_id = ${line.id}`);
  const expSeconds = activated?.expSeconds ?? (await lineExpirySeconds(db, line.id));
  if (expSeconds === undefined || isWaitingExpiry(expSeconds)) return undefined;
  return { ...line, expDate: new Date(expSeconds * 1000) };
}

/**
 * A credential as typed: an activation code written in its groups ('4821 0937-5562') is its twelve digits
 * (decision 0145); anything else is left as it is.
 */
export function typedCredential(text: string): string {
  return activationCodeOf(text) ?? text;
}

/** The waiting P2P codes among the usernames a P2P service reported sessions of, activated. */
export async function activateReportedP2pCodes(tx: Transaction, usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) return;
  await activateCodes(
    tx,
    sql`c.line_id in (select id from lines where username = any(${sql.param([...usernames])}::text[])
      and system = ${SYSTEMS.p2p})`,
  );
}
