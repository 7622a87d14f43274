import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';
import { bouquetCategories, bouquets } from '../../db/schema';

export interface CategoryRow {
  id: number;
  kind: 'live' | 'movie' | 'series';
  name: string;
  is_adult: boolean;
  source_id: number | null;
  items: number;
  bouquet_ids: number[];
}

/** Active categories with how many items they hold and the bouquets that hold them. */
export async function listCategoryRows(
  db: Database,
  filter: { kind?: CategoryRow['kind']; id?: number },
): Promise<CategoryRow[]> {
  const result = await db.execute(sql`
    select c.id, c.kind, c.name, c.is_adult, c.source_id,
      (case when c.kind = 'series'
        then (select count(*) from content_series s where s.category_id = c.id and s.retired_at is null)
        else (select count(*) from content_streams s where s.category_id = c.id and s.retired_at is null)
      end)::int as items,
      coalesce((select json_agg(b.bouquet_id order by b.bouquet_id) from bouquet_categories b
        where b.category_id = c.id), '[]'::json) as bouquet_ids
    from content_categories c
    where c.retired_at is null
      ${filter.kind ? sql`and c.kind = ${filter.kind}` : sql``}
      ${filter.id === undefined ? sql`` : sql`and c.id = ${filter.id}`}
    order by c.kind, c.sort_order, c.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    kind: row.kind as CategoryRow['kind'],
    name: String(row.name),
    is_adult: Boolean(row.is_adult),
    source_id: row.source_id === null ? null : Number(row.source_id),
    items: Number(row.items),
    bouquet_ids: (typeof row.bouquet_ids === 'string'
      ? (JSON.parse(row.bouquet_ids) as number[])
      : (row.bouquet_ids as number[])
    ).map(Number),
  }));
}

export async function existingBouquetIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: bouquets.id }).from(bouquets).where(inArray(bouquets.id, ids));
  return rows.map((row) => row.id);
}

/** The admin's mapping: the category is held by exactly these bouquets. */
export async function replaceCategoryBouquets(
  tx: Transaction,
  categoryId: number,
  bouquetIds: number[],
): Promise<void> {
  await tx.delete(bouquetCategories).where(eq(bouquetCategories.categoryId, categoryId));
  if (bouquetIds.length > 0) {
    await tx.insert(bouquetCategories).values(bouquetIds.map((bouquetId) => ({ bouquetId, categoryId })));
  }
}
