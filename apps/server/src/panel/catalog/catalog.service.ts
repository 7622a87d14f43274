import {
  CATALOG_MESSAGES,
  type Bouquet,
  type BouquetList,
  type EditPackage,
  type NewPackage,
  type Package,
  type PackageList,
  type bouquetInputSchema,
  type bouquetListQuerySchema,
  type packageListQuerySchema,
} from '@panel/shared/catalog/catalog-api';
import {
  ADULT_PACKAGE_ID,
  DEFAULT_PACKAGE_ID,
  P2P_PACKAGE_IDS,
  TRIAL_PACKAGE_ID,
} from '@panel/shared/catalog/packages';
import { listMeta } from '@panel/shared/lists/list-query';
import { fromCents, toCents } from '@panel/shared/money/credits';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { bumpLibraryVersion } from '../../delivery/for-panel';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { UNIQUE_VIOLATION, postgresErrorCode } from '../../lib/postgres-error';
import type { Caller } from '../auth/caller';
import { recordLog } from '../logs/logs.service';
import {
  bouquetInUse,
  deleteBouquetRow,
  findBouquet,
  insertBouquet,
  listBouquetRows,
  updateBouquetRow,
  type BouquetRow,
} from './bouquets.repository';
import {
  clearOtherDefaults,
  deletePackageRow,
  findPackage,
  insertPackage,
  listPackageRows,
  nextPackageId,
  packageInUse,
  updatePackageRow,
  type PackageRow,
  type PackageValues,
} from './packages.repository';

/** Packages the spec names by id (docs/product/constants.md#packages-and-systems): the panel's rules rely on them, so they are never removed. */
const FIXED_PACKAGE_IDS: readonly number[] = [
  DEFAULT_PACKAGE_ID,
  TRIAL_PACKAGE_ID,
  ADULT_PACKAGE_ID,
  ...P2P_PACKAGE_IDS,
];
const FOREIGN_KEY_VIOLATION = '23503';

export function toPackage(row: PackageRow): Package {
  return {
    id: row.id,
    package_name: row.packageName,
    is_trial: row.isTrial,
    is_adult: row.isAdult,
    official_duration: row.officialDuration,
    official_credits: fromCents(toCents(row.officialCredits)),
    trial_hours: row.trialHours,
    is_default: row.isDefault,
    active: row.active,
  };
}

export function toBouquet(row: BouquetRow): Bouquet {
  return { id: row.id, name: row.name, sort_order: row.sortOrder, is_adult: row.isAdult };
}

function packageValues(input: EditPackage): PackageValues {
  return {
    packageName: input.package_name,
    isTrial: input.is_trial,
    isAdult: input.is_adult,
    officialDuration: input.is_trial ? 0 : input.official_duration,
    officialCredits: fromCents(toCents(input.official_credits)),
    trialHours: input.is_trial ? input.trial_hours : null,
    isDefault: input.is_default,
    active: input.active,
  };
}

/** Admins see every package; others only the active ones (what they can sell). */
export async function listPackages(
  db: Database,
  caller: Caller,
  query: z.output<typeof packageListQuerySchema>,
): Promise<PackageList> {
  const { rows, total } = await listPackageRows(db, {
    activeOnly: caller.role !== 'admin',
    offset: (query.page - 1) * query.per,
    limit: query.per,
    orderBy: query.order_by,
  });
  return { data: rows.map(toPackage), meta: listMeta(query.page, query.per, total) };
}

export async function getPackage(db: Database, caller: Caller, id: number): Promise<Package> {
  const row = await findPackage(db, id);
  if (!row || (!row.active && caller.role !== 'admin')) throw AppError.notFound();
  return toPackage(row);
}

export async function createPackage(db: Database, caller: Caller, input: NewPackage): Promise<Package> {
  try {
    const id = await runInTransaction(db, async (tx) => {
      const id = input.id ?? (await nextPackageId(tx));
      if (await findPackage(tx, id)) throw AppError.conflict(CATALOG_MESSAGES.idTaken, 'id');
      await insertPackage(tx, { id, ...packageValues(input) });
      if (input.is_default) await clearOtherDefaults(tx, id);
      await recordLog(tx, {
        action: 'created',
        type: 'packages',
        actorId: caller.id,
        details: {
          package_id: id,
          package_name: input.package_name,
          official_credits: input.official_credits,
        },
      });
      return id;
    });
    return await getPackage(db, caller, id);
  } catch (error) {
    throw postgresErrorCode(error) === UNIQUE_VIOLATION
      ? AppError.conflict(CATALOG_MESSAGES.idTaken, 'id')
      : error;
  }
}

export async function updatePackage(
  db: Database,
  caller: Caller,
  id: number,
  input: EditPackage,
): Promise<Package> {
  await runInTransaction(db, async (tx) => {
    const current = await findPackage(tx, id);
    if (!current) throw AppError.notFound();
    if (FIXED_PACKAGE_IDS.includes(id) && current.isTrial !== input.is_trial) {
      throw new AppError(422, 'validation_failed', CATALOG_MESSAGES.packageTrialFixed, 'is_trial');
    }
    await updatePackageRow(tx, id, packageValues(input));
    if (input.is_default) await clearOtherDefaults(tx, id);
  });
  return getPackage(db, caller, id);
}

/** A package some line uses, or one the spec names, stays (409). */
export async function deletePackage(db: Database, caller: Caller, id: number): Promise<void> {
  try {
    await runInTransaction(db, async (tx) => {
      const current = await findPackage(tx, id);
      if (!current) throw AppError.notFound();
      if (FIXED_PACKAGE_IDS.includes(id)) throw AppError.conflict(CATALOG_MESSAGES.packageFixed);
      if (await packageInUse(tx, id)) throw AppError.conflict(CATALOG_MESSAGES.packageInUse);
      await deletePackageRow(tx, id);
      await recordLog(tx, {
        action: 'delete',
        type: 'packages',
        actorId: caller.id,
        details: { package_id: id, package_name: current.packageName },
      });
    });
  } catch (error) {
    // A line created with this package while it was being removed: the foreign key decides.
    throw postgresErrorCode(error) === FOREIGN_KEY_VIOLATION
      ? AppError.conflict(CATALOG_MESSAGES.packageInUse)
      : error;
  }
}

export async function listBouquets(
  db: Database,
  query: z.output<typeof bouquetListQuerySchema>,
): Promise<BouquetList> {
  const { rows, total } = await listBouquetRows(db, {
    offset: (query.page - 1) * query.per,
    limit: query.per,
    orderBy: query.order_by,
  });
  return { data: rows.map(toBouquet), meta: listMeta(query.page, query.per, total) };
}

type BouquetInput = z.output<typeof bouquetInputSchema>;

function bouquetValues(input: BouquetInput) {
  return { name: input.name, sortOrder: input.sort_order, isAdult: input.is_adult };
}

export async function createBouquet(db: Database, input: BouquetInput): Promise<Bouquet> {
  return toBouquet(await insertBouquet(db, bouquetValues(input)));
}

export async function updateBouquet(db: Database, id: number, input: BouquetInput): Promise<Bouquet> {
  const row = await updateBouquetRow(db, id, bouquetValues(input));
  if (!row) throw AppError.notFound();
  return toBouquet(row);
}

/** A bouquet a line still lists stays (409): removing it would leave lines without their channels. */
export async function deleteBouquet(db: Database, id: number): Promise<void> {
  await runInTransaction(db, async (tx) => {
    if (!(await findBouquet(tx, id))) throw AppError.notFound();
    if (await bouquetInUse(tx, id)) throw AppError.conflict(CATALOG_MESSAGES.bouquetInUse);
    await deleteBouquetRow(tx, id);
  });
  // Its category links went with it (decision 0043); no line holds it, but the version is cheap to bump.
  await bumpLibraryVersion(db);
}
