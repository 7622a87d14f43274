import { randomInt } from 'node:crypto';
import { P2P_PACKAGE_IDS, SYSTEMS } from '@panel/shared/catalog/packages';
import { dreamTvPassword, dreamTvUsername, randomCredential } from '@panel/shared/lines/line-credentials';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { Database } from '../../db/database';
import { findPackage, type PackageRow } from '../catalog/packages.repository';
import { lineRefusal, usernameTakenError } from './line-errors';
import { usernameTaken } from './lines.repository';

const RANDOM_ATTEMPTS = 20;
const randomBelow = (max: number) => randomInt(max);

/** A username no other line has: the one asked for (409 when taken) or a random one (docs/product/constants.md#lines). */
export async function freeUsername(
  db: Database,
  wanted: string | undefined,
  exceptId?: number,
  kind: 'line' | 'dreamtv' = 'line',
): Promise<string> {
  if (wanted !== undefined) {
    if (await usernameTaken(db, wanted, exceptId)) throw usernameTakenError();
    return wanted;
  }
  for (let attempt = 0; attempt < RANDOM_ATTEMPTS; attempt++) {
    const candidate = kind === 'dreamtv' ? dreamTvUsername(randomBelow) : randomCredential(randomBelow);
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  throw new Error('could not find a free random username');
}

/** Random password: 8 to 10 characters starting with a letter (docs/product/constants.md#lines). */
export function randomPassword(): string {
  return randomCredential(randomBelow);
}

/**
 * A package a normal line may be sold or renewed with: active, not a trial, and one of the P2P
 * packages (17, 42, 53, 55, 57) for a P2P line. Otherwise 422 on `package_id`.
 */
export async function requireSalePackage(
  db: Database,
  packageId: number,
  system: number,
): Promise<PackageRow> {
  const found = await findPackage(db, packageId);
  const p2pOk = system !== SYSTEMS.p2p || (P2P_PACKAGE_IDS as readonly number[]).includes(packageId);
  if (!found || !found.active || found.isTrial || !p2pOk) {
    throw lineRefusal(LINE_MESSAGES.packageInvalid, 'package_id');
  }
  return found;
}

/** The 10-character password of a line created for DreamTV (docs/product/constants.md#lines). */
export function randomDreamTvPassword(): string {
  return dreamTvPassword(randomBelow);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
