import type { BOUQUET_ORDER_FIELDS } from '@panel/shared/catalog/catalog-api';
import type { OrderBy } from '@panel/shared/lists/list-query';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bouquets, lines } from '../../db/schema';

export type BouquetRow = typeof bouquets.$inferSelect;
export type BouquetValues = Omit<typeof bouquets.$inferInsert, 'id'>;

export async function allBouquets(db: Database): Promise<BouquetRow[]> {
  return db.select().from(bouquets).orderBy(asc(bouquets.sortOrder), asc(bouquets.id));
}

const ORDER_COLUMNS = { id: bouquets.id, name: bouquets.name, sort_order: bouquets.sortOrder } as const;

export async function listBouquetRows(
  db: Database,
  page: { offset: number; limit: number; orderBy: OrderBy<(typeof BOUQUET_ORDER_FIELDS)[number]> },
): Promise<{ rows: BouquetRow[]; total: number }> {
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(bouquets)
    .orderBy(direction(ORDER_COLUMNS[page.orderBy.field]), direction(bouquets.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(bouquets);
  return { rows, total: total?.value ?? 0 };
}

export async function findBouquet(db: Database, id: number): Promise<BouquetRow | undefined> {
  const [row] = await db.select().from(bouquets).where(eq(bouquets.id, id));
  return row;
}

export async function insertBouquet(db: Database, values: BouquetValues): Promise<BouquetRow> {
  const [row] = await db.insert(bouquets).values(values).returning();
  if (!row) throw new Error('bouquet not inserted');
  return row;
}

export async function updateBouquetRow(
  db: Database,
  id: number,
  values: BouquetValues,
): Promise<BouquetRow | undefined> {
  const [row] = await db.update(bouquets).set(values).where(eq(bouquets.id, id)).returning();
  return row;
}

/** Whether any line still lists the bouquet (a rare admin check: a scan of `lines` is acceptable). */
export async function bouquetInUse(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lines.id })
    .from(lines)
    .where(sql`${lines.bouquets} @> array[${id}]::integer[]`)
    .limit(1);
  return row !== undefined;
}

export async function deleteBouquetRow(db: Database, id: number): Promise<void> {
  await db.delete(bouquets).where(eq(bouquets.id, id));
}
