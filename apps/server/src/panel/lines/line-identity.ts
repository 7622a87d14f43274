import { randomInt } from 'node:crypto';
import { isSalePackage } from '@panel/shared/catalog/packages';
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

/** A package a normal line may be sold or renewed with (the shared sale rule); otherwise 422 on `package_id`. */
export async function requireSalePackage(
  db: Database,
  packageId: number,
  system: number,
): Promise<PackageRow> {
  const found = await findPackage(db, packageId);
  if (!found || !isSalePackage({ id: found.id, active: found.active, is_trial: found.isTrial }, system)) {
    throw lineRefusal(LINE_MESSAGES.packageInvalid, 'package_id');
  }
  return found;
}

/** The 10-character password of a line created for DreamTV (docs/product/constants.md#lines). */
export function randomDreamTvPassword(): string {
  return dreamTvPassword(randomBelow);
}
