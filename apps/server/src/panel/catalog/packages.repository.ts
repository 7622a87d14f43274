import type { PACKAGE_ORDER_FIELDS } from '@panel/shared/catalog/catalog-api';
import type { OrderBy } from '@panel/shared/lists/list-query';
import { asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { lines, packages } from '../../db/schema';

export type PackageRow = typeof packages.$inferSelect;
export type PackageValues = Omit<typeof packages.$inferInsert, 'id'>;

export async function findPackage(db: Database, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row;
}

export async function allPackages(db: Database, options: { activeOnly: boolean }): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(options.activeOnly ? eq(packages.active, true) : undefined)
    .orderBy(asc(packages.id));
}

const ORDER_COLUMNS = {
  id: packages.id,
  package_name: packages.packageName,
  official_credits: packages.officialCredits,
  official_duration: packages.officialDuration,
} as const;

export async function listPackageRows(
  db: Database,
  options: {
    activeOnly: boolean;
    offset: number;
    limit: number;
    orderBy: OrderBy<(typeof PACKAGE_ORDER_FIELDS)[number]>;
  },
): Promise<{ rows: PackageRow[]; total: number }> {
  const where = options.activeOnly ? eq(packages.active, true) : undefined;
  const direction = options.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(packages)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[options.orderBy.field]), direction(packages.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(packages).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** The next free id for a package created without one. */
export async function nextPackageId(db: Database): Promise<number> {
  const [row] = await db.select({ max: sql<number>`coalesce(max(${packages.id}), 0)::int` }).from(packages);
  return (row?.max ?? 0) + 1;
}

export async function insertPackage(db: Database, values: PackageValues & { id: number }): Promise<void> {
  await db.insert(packages).values(values);
}

export async function updatePackageRow(db: Database, id: number, values: PackageValues): Promise<void> {
  await db.update(packages).set(values).where(eq(packages.id, id));
}

/** Only one default package: setting one clears the flag everywhere else. */
export async function clearOtherDefaults(db: Database, id: number): Promise<void> {
  await db
    .update(packages)
    .set({ isDefault: false })
    .where(sql`${packages.isDefault} and ${ne(packages.id, id)}`);
}

export async function packageInUse(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: lines.id }).from(lines).where(eq(lines.packageId, id)).limit(1);
  return row !== undefined;
}

export async function deletePackageRow(db: Database, id: number): Promise<void> {
  await db.delete(packages).where(eq(packages.id, id));
}
